import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { CARDS, type CardTest, cardTestApp } from "../acquiring/acquiring.test-helpers.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";

type Component = { feature: string; state: string; since: string | null; message: string | null };
const find = (list: Component[], feature: string) => list.find((c) => c.feature === feature);

describe("GET /v2/status: the catalog's switches", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const status = async (merchantId: string) => {
    const res = await t.app.inject({ url: "/v2/status", headers: { "x-merchant-id": merchantId } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().components as Component[];
  };

  it("is public and lists what the merchant offers, DISABLED left out", async () => {
    const nimbus = await status(NIMBUS_MERCHANT_ID);
    // Nimbus Pay's seed: earn in maintenance, no IBAN.
    expect(find(nimbus, "DEPOSITS")).toMatchObject({ state: "MAINTENANCE", message: expect.any(String) });
    expect(find(nimbus, "IBAN")).toBeUndefined();
    expect(find(nimbus, "EXCHANGE")).toEqual({
      feature: "EXCHANGE",
      name: "Exchange",
      state: "OPERATIONAL",
      since: null,
      message: null,
    });
  });

  it("says since when an operation is in maintenance, whoever switched it; other edits keep it", async () => {
    const where = "merchant_id = $1 and operation_type = 'EXCHANGE'";
    const before = new Date();
    await t.database.pool.query(
      `update merchant_operations set operation_constraint = 'MAINTENANCE' where ${where}`,
      [DEMO_MERCHANT_ID],
    );
    const since = async () =>
      (
        await t.database.pool.query(`select status_since from merchant_operations where ${where}`, [
          DEMO_MERCHANT_ID,
        ])
      ).rows[0].status_since as Date;
    const paused = await since();
    expect(paused.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    await t.database.pool.query(`update merchant_operations set kyc_levels = array['KYC_0'] where ${where}`, [
      DEMO_MERCHANT_ID,
    ]);
    expect(await since()).toEqual(paused);
    const exchange = find(await status(DEMO_MERCHANT_ID), "EXCHANGE");
    expect(exchange).toMatchObject({ state: "MAINTENANCE", since: paused.toISOString() });
  });

  it("refuses an unknown merchant with 400 naming X-Merchant-ID", async () => {
    const res = await t.app.inject({ url: "/v2/status", headers: { "x-merchant-id": "nope" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe("X-Merchant-ID");
  });
});

describe("GET /v2/status: the acquirer's failures", () => {
  let x: CardTest;
  beforeAll(async () => {
    x = await cardTestApp();
  });
  afterAll(() => x.t.close());
  const outage = (failing: "on" | "off") =>
    x.t.app.inject({
      method: "POST",
      url: "/sandbox/acquirer/outage",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `failing=${failing}`,
    });
  const health = async () =>
    (
      await x.t.database.pool.query(
        "select consecutive_failures from provider_health where provider = 'acquirer'",
      )
    ).rows[0]?.consecutive_failures;

  it("counts failed calls from the console's outage, shows card payments DEGRADED, and ends the run on success", async () => {
    const alice = await x.d.verified();
    const cardId = (await x.addPayinCard(alice.token, CARDS.frictionless)).json().cardId;
    expect((await outage("on")).statusCode).toBe(303);
    expect((await x.t.app.inject({ url: "/sandbox/acquirer" })).body).toContain("Failing since");
    for (let i = 0; i < 3; i++) {
      const offerId = (await x.payinOffer(alice.token, cardId)).json().offerId;
      const res = await x.payinPay(alice.token, offerId);
      expect(res.statusCode, res.body).toBe(503);
    }
    expect(await health()).toBe(3);
    const res = await x.t.app.inject({ url: "/v2/status" });
    const components: Component[] = res.json().components;
    expect(find(components, "PAYIN_CARD")).toMatchObject({ state: "DEGRADED", since: expect.any(String) });
    expect(find(components, "PAYOUT_CARD")?.state).toBe("DEGRADED");
    expect(find(components, "EXCHANGE")?.state).toBe("OPERATIONAL");

    expect((await outage("off")).statusCode).toBe(303);
    const offerId = (await x.payinOffer(alice.token, cardId)).json().offerId;
    expect((await x.payinPay(alice.token, offerId)).statusCode).toBe(200);
    expect(await health()).toBe(0);
  });
});
