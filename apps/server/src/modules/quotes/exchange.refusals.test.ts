import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { type ExchangeTest, exchangeTestApp } from "./exchange.test-helpers.ts";

let x: ExchangeTest;

beforeAll(async () => {
  x = await exchangeTestApp();
  // Before any exchange call reads the catalog: the demo merchant's exchange needs KYC_2 here,
  // and Nimbus's is paused.
  await x.t.database.pool.query(
    `update merchant_operations set kyc_levels = array['KYC_2']
     where merchant_id = $1 and operation_type = 'EXCHANGE'`,
    [DEMO_MERCHANT_ID],
  );
  await x.t.database.pool.query(
    `update merchant_operations set operation_constraint = 'MAINTENANCE'
     where merchant_id = $1 and operation_type = 'EXCHANGE'`,
    [NIMBUS_MERCHANT_ID],
  );
});
afterAll(() => x.t.close());

const usdtToEur = (amountFrom: string) => ({ currencyFrom: "USDT", currencyTo: "EUR", amountFrom });

describe("execution re-checks what may have changed since the quote", () => {
  it("refuses an offer the balance no longer covers with 422, moving and recording nothing", async () => {
    const [carol, dave] = await Promise.all([x.d.verified(), x.d.verified()]);
    await x.d.faucet(carol.phone, "USDT", "100");
    const offer = (await x.create(carol.token, usdtToEur("100"))).json();
    // Half of it leaves the wallet after the quote.
    const sent = await x.d.send(carol.token, { phone: dave.phone, amount: "50", currency: "USDT" });
    expect(sent.statusCode).toBe(200);
    const res = await x.execute(carol.token, offer.offerId);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: "INSUFFICIENT_FUNDS", field: "amountFrom" });
    expect(await x.balance(carol.token, "USDT")).toBe("50.000000");
    expect(await x.traces(carol.customerId)).toEqual({ ops: "0", history: "0", usage: "0" });
    await x.d.expectInvariants();
  });

  it("applies one of 20 concurrent executes of an offer; the others are told it was executed", async () => {
    const erin = await x.d.verified();
    await x.d.faucet(erin.phone, "USDT", "100");
    const offer = (await x.create(erin.token, usdtToEur("100"))).json();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => x.execute(erin.token, offer.offerId, x.nextKey())),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(new Set(refused.map((r) => r.json().error))).toEqual(new Set(["OFFER_ALREADY_EXECUTED"]));
    expect(await x.balance(erin.token, "USDT")).toBe("0.000000");
    expect(await x.traces(erin.customerId)).toEqual({ ops: "1", history: "1", usage: "1" });
    await x.d.expectInvariants();
  });

  it("answers 20 concurrent retries with one key identically, applying once", async () => {
    const frank = await x.d.verified();
    await x.d.faucet(frank.phone, "USDT", "30");
    const offer = (await x.create(frank.token, usdtToEur("30"))).json();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => x.execute(frank.token, offer.offerId)),
    );
    expect(new Set(results.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(await x.traces(frank.customerId)).toEqual({ ops: "1", history: "1", usage: "1" });
    await x.d.expectInvariants();
  });
});

describe("the operations catalog and the KYC level", () => {
  it("refuses pricing and executing under MAINTENANCE with 503, moving nothing", async () => {
    const nimbus = await x.d.verified(NIMBUS_MERCHANT_ID);
    expect((await x.faucet(nimbus.phone, "USDT", "20", NIMBUS_MERCHANT_ID)).statusCode).toBe(200);
    const create = await x.create(nimbus.token, usdtToEur("10"));
    expect(create.statusCode).toBe(503);
    expect(create.json()).toMatchObject({ error: "OPERATION_MAINTENANCE", data: { reason: "MAINTENANCE" } });
    const offerId = await x.storedOffer(nimbus.customerId, NIMBUS_MERCHANT_ID);
    const execute = await x.execute(nimbus.token, offerId);
    expect(execute.statusCode).toBe(503);
    expect(await x.balance(nimbus.token, "USDT")).toBe("20.000000");
    expect(await x.traces(nimbus.customerId)).toEqual({ ops: "0", history: "0", usage: "0" });
  });

  it("refuses a customer below the permitted KYC level with 403, moving nothing", async () => {
    const newcomer = await x.d.unverified();
    await x.d.faucet(newcomer.phone, "USDT", "20");
    const create = await x.create(newcomer.token, usdtToEur("10"));
    expect(create.statusCode).toBe(403);
    expect(create.json()).toMatchObject({ error: "KYC_LEVEL_TOO_LOW", data: { reason: "KYC_REQUIRED" } });
    const offerId = await x.storedOffer(newcomer.customerId, DEMO_MERCHANT_ID);
    const execute = await x.execute(newcomer.token, offerId);
    expect(execute.statusCode).toBe(403);
    expect(execute.json()).toMatchObject({ error: "KYC_LEVEL_TOO_LOW" });
    expect(await x.balance(newcomer.token, "USDT")).toBe("20.000000");
    expect(await x.traces(newcomer.customerId)).toEqual({ ops: "0", history: "0", usage: "0" });
  });
});
