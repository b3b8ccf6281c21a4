import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MERCHANT_ID } from "../merchants/index.ts";
import { type ExchangeTest, exchangeTestApp } from "./exchange.test-helpers.ts";
import { returnPromoSql } from "./quotes.repository.ts";

let x: ExchangeTest;
beforeAll(async () => {
  x = await exchangeTestApp();
});
afterAll(() => x.t.close());

/** A stored offer priced free whose free transaction is used, and the customer's usage of the pair. */
async function usedFreeOffer(used: number) {
  const { customerId } = await x.d.verified();
  const offerId = await x.storedOffer(customerId, DEMO_MERCHANT_ID);
  const pool = x.t.database.pool;
  await pool.query("update quote_offers set promo_applied = true, promo_state = 'used' where id = $1", [
    offerId,
  ]);
  await pool.query(
    `insert into quote_promo_usage (merchant_id, customer_id, kind, currency_from, currency_to, used)
     values ($1, $2, 'EXCHANGE', 'USDT', 'EUR', $3)`,
    [DEMO_MERCHANT_ID, customerId, used],
  );
  const usage = async () =>
    (
      await pool.query<{ used: number }>(
        "select used from quote_promo_usage where customer_id = $1 and kind = 'EXCHANGE'",
        [customerId],
      )
    ).rows[0]?.used ?? 0;
  return { offerId, usage };
}

/** Runs returnPromoSql in a transaction of its own, as a caller's use-case would. */
async function giveBack(offerId: string): Promise<boolean> {
  const client = await x.t.database.pool.connect();
  try {
    await client.query("begin");
    const returned = await returnPromoSql(client, DEMO_MERCHANT_ID, offerId);
    await client.query("commit");
    return returned;
  } finally {
    client.release();
  }
}

describe("giving back an offer's free transaction (returnPromoSql)", () => {
  it.each([
    [2, 1],
    [1, 0],
  ])("used %i: given back once, used %i after, however often it is asked", async (before, after) => {
    const { offerId, usage } = await usedFreeOffer(before);
    expect(await giveBack(offerId)).toBe(true);
    expect(await usage()).toBe(after);
    expect(await giveBack(offerId)).toBe(false);
    expect(await giveBack(offerId)).toBe(false);
    expect(await usage()).toBe(after);
  });

  it("an offer whose free transaction was never used gives nothing back", async () => {
    const { customerId } = await x.d.verified();
    const offerId = await x.storedOffer(customerId, DEMO_MERCHANT_ID);
    expect(await giveBack(offerId)).toBe(false);
  });
});
