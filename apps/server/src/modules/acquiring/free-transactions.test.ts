import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS, CARDS, type CardTest, cardTestApp } from "./acquiring.test-helpers.ts";

/**
 * The free transactions of the quote engine (freeTransactionsPromo) on card payments: pay uses
 * one; a payment that fails and moves no money gives it back, once; a paid one keeps it used.
 */
type Customer = { phone: string; token: string; customerId: string };
let x: CardTest;

// Two free transactions per customer on the pairs used here: each test first pays one that goes
// through (left: 1), so a free transaction given back twice would show as 2 left.
const GRANTED = 2;

beforeAll(async () => {
  x = await cardTestApp();
  for (const [kind, from, to] of [
    ["PAYIN_CARD", "EUR", "USDT"],
    ["PAYOUT_CARD", "USDT", "EUR"],
  ]) {
    await x.t.database.pool.query(
      `update quote_pairs set fees = jsonb_set(fees, '{freeTransactionsPromo,available}', to_jsonb($4::int))
       where kind = $1 and currency_from = $2 and currency_to = $3`,
      [kind, from, to, GRANTED],
    );
  }
});
afterAll(() => x.t.close());

/** Free transactions the customer has left on the pair, as the data call shows them. */
async function left(c: Customer, kind: "payin" | "payout"): Promise<number> {
  const res =
    kind === "payin"
      ? await x.call(c.token, "GET", "/v3/payin/data")
      : await x.call(c.token, "GET", "/v4/payout/data", undefined, x.sdk);
  expect(res.statusCode, res.body).toBe(200);
  const [from, to] = kind === "payin" ? ["EUR", "USDT"] : ["USDT", "EUR"];
  const pair = res
    .json()
    .pairs.find(
      (p: { currencyFrom: string; currencyTo: string }) => p.currencyFrom === from && p.currencyTo === to,
    );
  return pair.freeTransactionsPromo.available;
}

async function payinCard(c: Customer, number: string): Promise<string> {
  const res = await x.addPayinCard(c.token, number);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().cardId;
}

/** A pay-in offer of 50 EUR; `free` says whether it was priced with a free transaction. */
async function payinOffer(c: Customer, cardId: string) {
  const res = await x.payinOffer(c.token, cardId);
  expect(res.statusCode, res.body).toBe(200);
  return { offerId: res.json().offerId as string, free: Number(res.json().feeAmount.value) === 0 };
}

/** A customer who paid one free pay-in that went through: one free transaction left. */
async function payinCustomerWithOneLeft(): Promise<Customer> {
  const c = await x.d.verified();
  expect(await left(c, "payin")).toBe(GRANTED);
  const offer = await payinOffer(c, await payinCard(c, CARDS.frictionless));
  expect(offer.free).toBe(true);
  expect((await x.payinPay(c.token, offer.offerId)).json().transactionStatus).toBe("PENDING");
  expect(await x.runCallbacks()).toEqual(["AUTHORISED", "CREDITED"]);
  // A payment that went through keeps its free transaction used.
  expect(await left(c, "payin")).toBe(GRANTED - 1);
  return c;
}

describe("card pay-in: a failed payment gives its free transaction back", () => {
  it("declined at pay: the free transaction is available again, once; the next offer is free", async () => {
    const c = await payinCustomerWithOneLeft();
    const offer = await payinOffer(c, await payinCard(c, CARDS.decline));
    expect(offer.free).toBe(true);
    const pay = (await x.payinPay(c.token, offer.offerId)).json();
    expect(pay.transactionStatus).toBe("FAILURE");
    expect(await left(c, "payin")).toBe(1);
    // The acquirer's own DECLINED callback comes after: the same failure again gives nothing more.
    expect(await x.runCallbacks()).toEqual(["STALE"]);
    expect((await x.payinPay(c.token, offer.offerId)).json().transactionStatus).toBe("FAILURE");
    expect(await left(c, "payin")).toBe(1);
    const { rows } = await x.t.database.pool.query("select promo_state from quote_offers where id = $1", [
      offer.offerId,
    ]);
    expect(rows[0]?.promo_state).toBe("returned");
    expect((await payinOffer(c, await payinCard(c, CARDS.frictionless))).free).toBe(true);
  });

  it("a failed challenge: given back once, however often the DECLINED callback arrives", async () => {
    const c = await payinCustomerWithOneLeft();
    const offer = await payinOffer(c, await payinCard(c, CARDS.challengeFails));
    const pay = (await x.payinPay(c.token, offer.offerId)).json();
    expect(pay.transactionStatus).toBe("CHALLENGE");
    expect(await left(c, "payin")).toBe(0);
    expect((await payinOffer(c, await payinCard(c, CARDS.frictionless))).free).toBe(false);
    const challenge = await x.challenge(pay.authLink);
    expect((await challenge.submit(`code=${challenge.code}`)).statusCode).toBe(303);
    const [declined] = await x.takeJobs();
    if (!declined) throw new Error("no DECLINED callback queued");
    const raw = JSON.stringify(declined);
    expect((await x.post(raw)).json().effect).toBe("DECLINED");
    expect((await x.post(raw)).json().effect).toBe("DUPLICATE");
    expect(await left(c, "payin")).toBe(1);
    expect((await payinOffer(c, await payinCard(c, CARDS.frictionless))).free).toBe(true);
  });

  it.each([
    ["cancelled on the bank's page", "cancel"],
    ["a challenge nobody answers, declined at its timeout", "timeout"],
  ])("%s: the free transaction is available again", async (_name, how) => {
    const c = await payinCustomerWithOneLeft();
    const offer = await payinOffer(c, await payinCard(c, CARDS.challenge));
    const pay = (await x.payinPay(c.token, offer.offerId)).json();
    expect(pay.transactionStatus).toBe("CHALLENGE");
    expect(await left(c, "payin")).toBe(0);
    if (how === "cancel") {
      expect((await (await x.challenge(pay.authLink)).submit("cancel=1")).statusCode).toBe(303);
    } else {
      await x.expireChallenges();
    }
    expect(await x.runCallbacks()).toEqual(["DECLINED"]);
    expect((await x.payinStatus(c.token, offer.offerId)).json().status).toBe("FAILURE");
    expect(await left(c, "payin")).toBe(1);
    expect((await payinOffer(c, await payinCard(c, CARDS.frictionless))).free).toBe(true);
  });
});

describe("card payout: a rejected payout gives its free transaction back", () => {
  async function payoutCard(c: Customer, number: string): Promise<string> {
    const res = await x.addPayoutCard(c.token, number, { billingAddress: ADDRESS });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().cardId;
  }
  async function payoutOffer(c: Customer, cardId: string) {
    const res = await x.payoutOffer(c.token, cardId, "10");
    expect(res.statusCode, res.body).toBe(200);
    return { offerId: res.json().offerId as string, free: Number(res.json().feeAmount.value) === 0 };
  }

  it("paid keeps it used; rejected (reservation voided) gives it back, once", async () => {
    const c = await x.d.verified();
    expect((await x.faucet(c.phone, "USDT", "100")).statusCode).toBe(200);
    const paid = await payoutOffer(c, await payoutCard(c, CARDS.frictionless));
    expect(paid.free).toBe(true);
    expect((await x.payoutPay(c.token, paid.offerId)).json().status).toBe("PENDING");
    expect(await x.runCallbacks()).toEqual(["PAID"]);
    expect(await left(c, "payout")).toBe(GRANTED - 1);

    const rejected = await payoutOffer(c, await payoutCard(c, CARDS.decline));
    expect(rejected.free).toBe(true);
    expect((await x.payoutPay(c.token, rejected.offerId)).json().status).toBe("PENDING");
    expect(await left(c, "payout")).toBe(0);
    const [event] = await x.takeJobs();
    if (!event) throw new Error("no REJECTED callback queued");
    const raw = JSON.stringify(event);
    expect((await x.post(raw)).json().effect).toBe("REJECTED");
    expect((await x.post(raw)).json().effect).toBe("DUPLICATE");
    expect((await x.payoutPay(c.token, rejected.offerId)).json().status).toBe("FAILURE");
    expect(await left(c, "payout")).toBe(1);
    expect((await payoutOffer(c, await payoutCard(c, CARDS.frictionless))).free).toBe(true);
  });
});
