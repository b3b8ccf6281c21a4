import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ExchangeTest, exchangeTestApp } from "./exchange.test-helpers.ts";

type Customer = { phone: string; token: string; customerId: string };
let x: ExchangeTest;
let alice: Customer;

beforeAll(async () => {
  x = await exchangeTestApp();
  alice = await x.d.verified();
  expect((await x.d.faucet(alice.phone, "USDT", "1000")).statusCode).toBe(200);
});
afterAll(() => x.t.close());

/** A re-price committed by another request, as the engine writes one: new amounts, a new time. */
const REPRICE = `update quote_offers set amount_to = amount_to + 100, updated_at = updated_at + interval '1 second'
  where id = $1`;

describe("an exchange offer re-priced while it executes", () => {
  it("is refused OFFER_CHANGED with nothing moved; confirming again books the new price", async () => {
    const offer = (
      await x.create(alice.token, { currencyFrom: "USDT", currencyTo: "EUR", amountFrom: "100" })
    ).json();
    // Execution reads the offer, then waits for its lock; the re-price lands in between.
    const held = await x.holdOffer(offer.offerId);
    const execution = x.execute(alice.token, offer.offerId);
    await held.waiters();
    await held.run(REPRICE, [offer.offerId]);
    await held.commit();
    const refused = await execution;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error: "OFFER_CHANGED", field: "offerId" });
    expect(await x.traces(alice.customerId)).toEqual({ ops: "0", history: "0", usage: "0" });
    expect(await x.balance(alice.token, "USDT")).toBe("1000.000000");

    const again = await x.execute(alice.token, offer.offerId);
    expect(again.statusCode, again.body).toBe(200);
    const { rows } = await x.t.database.pool.query<{ amount_to: string }>(
      "select amount_to from quote_offers where id = $1",
      [offer.offerId],
    );
    // The EUR wallet holds what the offer row says was bought (cents in the table).
    const bought = (Number(rows[0]?.amount_to) / 100).toFixed(2);
    expect(await x.balance(alice.token, "EUR")).toBe(bought);
  });
});
