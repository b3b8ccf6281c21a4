import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { cryptoDriver } from "../crypto/crypto.test-helpers.ts";

// The days themselves (deposits and sends on given days) are the ledger's: wallet-days.test.ts.
// Here: the call, its valuation in the merchant's currency, its scoping and its parameters.
type Customer = { phone: string; token: string; customerId: string };
let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
let alice: Customer;
let bob: Customer;

const history = (token: string, query = "") =>
  t.app.inject({ url: `/v2/wallets/balance-history${query}`, headers: d.bearer(token) });
const minor = (decimal: string) => BigInt(decimal.replace(".", ""));

beforeAll(async () => {
  t = await createTestApp();
  d = cryptoDriver(t);
  [alice, bob] = await Promise.all([d.verified(), d.verified()]);
  expect((await d.faucet(alice.phone, "USDT", "120.50")).statusCode).toBe(200);
  expect((await d.faucet(alice.phone, "BTC", "0.01")).statusCode).toBe(200);
  expect((await d.send(alice.token, { phone: bob.phone, amount: "20", currency: "USDT" })).statusCode).toBe(
    200,
  );
});
afterAll(() => t.close());

describe("GET /v2/wallets/balance-history", () => {
  it("gives 30 UTC days by default, today last, in the merchant's currency as home's total", async () => {
    const res = await history(alice.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.currency).toBe("EUR");
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    expect(body.days[0].total).toBe("0.00");
    // Today's point is what the wallets hold now, the BTC valued at the mid rate as home shows it.
    const wallets = (await t.app.inject({ url: "/v2/wallets", headers: d.bearer(alice.token) })).json();
    const today = minor(body.days.at(-1).total);
    const home = minor(wallets.fiat.total);
    // Same rate source, read a moment apart: equal to the cent but for the BTC's drift.
    expect(today > minor("50.00")).toBe(true);
    expect(today - home <= 10n && home - today <= 10n).toBe(true);
  });

  it("shows each customer their own money only", async () => {
    const bobs = (await history(bob.token, "?days=2")).json();
    const bobsWallets = (await t.app.inject({ url: "/v2/wallets", headers: d.bearer(bob.token) })).json();
    expect(bobs.days[0].total).toBe("0.00");
    // 20 USDT received today, about 18 EUR (a stablecoin: read a moment apart, within a cent).
    const received = minor(bobs.days[1].total);
    expect(received > minor("10.00") && received < minor("20.00")).toBe(true);
    const bobsHome = minor(bobsWallets.fiat.total);
    expect(received - bobsHome <= 1n && bobsHome - received <= 1n).toBe(true);
    const newcomer = await d.verified();
    const empty = (await history(newcomer.token, "?days=5")).json();
    expect(empty.days.map((day: { total: string }) => day.total)).toEqual([
      "0.00",
      "0.00",
      "0.00",
      "0.00",
      "0.00",
    ]);
  });

  it.each(["0", "91", "2.5", "thirty", "-1"])("refuses days=%s naming the field", async (days) => {
    const res = await history(alice.token, `?days=${days}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "days" });
  });

  it("needs a signed-in customer", async () => {
    const res = await t.app.inject({ url: "/v2/wallets/balance-history" });
    expect(res.statusCode).toBe(401);
  });
});
