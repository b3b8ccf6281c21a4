import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { cryptoDriver } from "../crypto/crypto.test-helpers.ts";
import { HISTORY_STEPS } from "./rates.service.ts";

let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
let token: string;

const history = (query: string, bearer = token) =>
  t.app.inject({ url: `/v2/rates/history?${query}`, headers: d.bearer(bearer) });

beforeAll(async () => {
  t = await createTestApp();
  d = cryptoDriver(t);
  token = (await d.unverified()).token;
});
afterAll(() => t.close());

describe("GET /v2/rates/history", () => {
  it("gives the pair's mid rate over the hours asked, oldest first, ending now", async () => {
    const before = Date.now();
    const res = await history("from=BTC&to=EUR&hours=6");
    expect(res.statusCode).toBe(200);
    const { from, to, points } = res.json();
    expect([from, to]).toEqual(["BTC", "EUR"]);
    expect(points).toHaveLength(HISTORY_STEPS + 1);
    const times = points.map((p: { at: string }) => Date.parse(p.at));
    expect(times.at(-1)).toBeGreaterThanOrEqual(before);
    expect(times.at(-1) - times[0]).toBe(6 * 3_600_000);
    for (const [i, time] of times.entries()) if (i > 0) expect(time).toBeGreaterThan(times[i - 1]);
    for (const p of points) expect(p.rate).toMatch(/^\d+(\.\d+)?$/);
    // A random walk over six hours moves: the line is not flat.
    expect(new Set(points.map((p: { rate: string }) => p.rate)).size).toBeGreaterThan(1);
  });

  it("defaults to 24 hours", async () => {
    const { points } = (await history("from=ETH&to=EUR")).json();
    expect(Date.parse(points.at(-1).at) - Date.parse(points[0].at)).toBe(24 * 3_600_000);
  });

  it.each([
    ["from=DOGE&to=EUR", "from", "CURRENCY_NOT_OFFERED"],
    ["from=BTC&to=XYZ", "to", "CURRENCY_NOT_OFFERED"],
    ["from=BTC&to=BTC", "to", "SAME_CURRENCY"],
    ["from=btc&to=EUR", "from", "NOT_VALID_REQUEST_DATA"],
    ["to=EUR", "from", "NOT_VALID_REQUEST_DATA"],
    ["from=BTC&to=EUR&hours=0", "hours", "NOT_VALID_REQUEST_DATA"],
    ["from=BTC&to=EUR&hours=169", "hours", "NOT_VALID_REQUEST_DATA"],
    ["from=BTC&to=EUR&hours=1.5", "hours", "NOT_VALID_REQUEST_DATA"],
  ])("refuses %s naming %s", async (query, field, error) => {
    const res = await history(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error, field });
  });

  it("needs a signed-in customer", async () => {
    expect((await t.app.inject({ url: "/v2/rates/history?from=BTC&to=EUR" })).statusCode).toBe(401);
  });
});
