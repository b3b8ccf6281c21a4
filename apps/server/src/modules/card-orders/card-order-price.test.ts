import { parseAmount } from "@kestrel/money";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { type Customer, cardsDriver } from "../cards/cards.test-helpers.ts";
import { testClock } from "../quotes/exchange.test-helpers.ts";

// The card order's price shown (the offer) is the price charged, to the minor
// unit; a lapsed or replaced offer moves nothing, and the order is paid at the new price only.

const clock = testClock();
let t: TestApp;
let c: ReturnType<typeof cardsDriver>;
let ada: Customer;

const minor = (value: string) => {
  const parsed = parseAmount(value, "USDT");
  if (!parsed.ok) throw new Error(`${value} is not USDT`);
  return parsed.minor;
};
const usdt = async () => minor((await c.d.wallet(ada.token, "USDT")).balance);

beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.now });
  c = cardsDriver(t);
  ada = await c.d.verified();
  expect((await c.d.faucet(ada.phone, "USDT", "100")).statusCode).toBe(200);
});
afterAll(() => t.close());

async function openOrder() {
  const id = (await c.create(ada, "VIRTUAL")).json().id;
  await c.fillOrder(ada, id);
  return id as string;
}

describe("paying a card order with its offer", () => {
  it("debits exactly the offer's crypto price, to the minor unit", async () => {
    const id = await openOrder();
    const offer = (await c.offer(ada, id, "USDT")).json();
    expect(offer.validSeconds).toBeGreaterThan(0);
    const before = await usdt();
    const paid = await c.confirm(ada, offer.offerId, c.nextKey());
    expect(paid.statusCode, paid.body).toBe(200);
    expect(before - (await usdt())).toBe(minor(offer.cryptoPrice.value));
  });

  it("refuses a lapsed offer (409 OFFER_EXPIRED) with nothing moved, then pays the new one exactly", async () => {
    const id = await openOrder();
    const stale = (await c.offer(ada, id, "USDT")).json();
    clock.advance(stale.validSeconds + 1);
    const before = await usdt();
    const refused = await c.confirm(ada, stale.offerId, c.nextKey());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: "OFFER_EXPIRED" });
    expect(await usdt()).toBe(before);
    const fresh = (await c.offer(ada, id, "USDT")).json();
    expect((await c.confirm(ada, fresh.offerId, c.nextKey())).statusCode).toBe(200);
    expect(before - (await usdt())).toBe(minor(fresh.cryptoPrice.value));
  });

  it("refuses an offer a newer one replaced (no longer the order's: 404) with nothing moved", async () => {
    const id = await openOrder();
    const first = (await c.offer(ada, id, "USDT")).json();
    const second = (await c.offer(ada, id, "USDT")).json();
    const before = await usdt();
    const refused = await c.confirm(ada, first.offerId, c.nextKey());
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: "OFFER_NOT_FOUND" });
    expect(await usdt()).toBe(before);
    expect((await c.confirm(ada, second.offerId, c.nextKey())).statusCode).toBe(200);
    expect(before - (await usdt())).toBe(minor(second.cryptoPrice.value));
  });
});
