import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cryptoDriver } from "../modules/crypto/crypto.test-helpers.ts";
import { createTestApp, type TestApp } from "../test-app.ts";
import { type MetricsServer, startMetricsServer } from "./metrics-server.ts";
import { watchJobQueue } from "./sources.ts";

// Issue 52: Prometheus metrics on their own port, scraped while a send by phone is under way.
let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
let metrics: MetricsServer;
const scrape = async (path = "/metrics") => fetch(`http://127.0.0.1:${metrics.port}${path}`);
const text = async () => (await scrape()).text();

beforeAll(async () => {
  t = await createTestApp({ METRICS_PORT: "0" });
  d = cryptoDriver(t);
  watchJobQueue(t.database.pool);
  metrics = await startMetricsServer(0, "127.0.0.1");
});
afterAll(async () => {
  await metrics?.close();
  await t?.close();
});

/** The sum of the series of `name` that carry the given labels (undefined: none does). */
function value(body: string, name: string, labels: Record<string, string>): number | undefined {
  const lines = body
    .split("\n")
    .filter(
      (l) =>
        (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) &&
        Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
    );
  if (lines.length === 0) return undefined;
  return lines.reduce((sum, l) => sum + Number(l.split(" ").at(-1)), 0);
}

describe("metrics on their own port", () => {
  it("tells requests by route, money operations, provider calls, the pool and the queue, and no personal data", async () => {
    const [alice, bob] = await Promise.all([d.verified(), d.verified()]);
    if (!alice || !bob) throw new Error("no customers");
    expect((await d.faucet(alice.phone, "BTC", "0.01")).statusCode).toBe(200);
    const sending = d.send(alice.token, { phone: bob.phone, amount: "0.001", currency: "BTC" });
    const during = await scrape();
    expect(during.status).toBe(200);
    expect(during.headers.get("content-type")).toMatch(/^text\/plain/);
    expect((await sending).statusCode).toBe(200);
    const body = await text();

    const sends = { route: "/v1/wallet/send", method: "POST", status: "200" };
    expect(value(body, "kestrel_http_request_duration_seconds_count", sends)).toBe(1);
    const money = (kind: string) =>
      value(body, "kestrel_money_operations_total", { kind, outcome: "applied" });
    expect(money("transfer_mobile")).toBe(1);
    expect(money("sandbox_credit")).toBe(1);
    expect(
      value(body, "kestrel_provider_call_duration_seconds_count", {
        party: "kyc",
        call: "submit",
        outcome: "ok",
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(value(body, "kestrel_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
    // The two verifications queued their KYC reviews; no worker runs here to take them.
    expect(value(body, "kestrel_jobs_due", {})).toBeGreaterThanOrEqual(2);
    expect(value(body, "kestrel_jobs_oldest_due_age_seconds", {})).toBeGreaterThanOrEqual(0);

    // Labels name routes, kinds and parties: never a phone, a customer, a token or a URL's id.
    for (const secret of [alice.phone, bob.phone, alice.customerId, bob.customerId, alice.token]) {
      expect(body).not.toContain(secret);
      expect(body).not.toContain(secret.replace(/^\+/, ""));
    }
  });

  it("answers only /metrics", async () => {
    expect((await scrape("/")).status).toBe(404);
    expect((await scrape("/v1/wallet/send")).status).toBe(404);
  });
});
