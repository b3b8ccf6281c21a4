import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS, CARDS, type CardTest, cardTestApp } from "./acquiring.test-helpers.ts";

type Customer = { phone: string; token: string; customerId: string };
let x: CardTest;
let alice: Customer;
let bob: Customer;

beforeAll(async () => {
  x = await cardTestApp();
  [alice, bob] = await Promise.all([x.d.verified(), x.d.verified()]);
  expect((await x.faucet(alice.phone, "USDT", "100")).statusCode).toBe(200);
});
afterAll(() => x.t.close());

async function payoutCard(token: string, number: string, billing = true): Promise<string> {
  const res = await x.addPayoutCard(token, number, billing ? { billingAddress: ADDRESS } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().cardId;
}

const wallet = async (token: string) => x.d.wallet(token, "USDT");

describe("X-Sdk-Version", () => {
  it.each([
    ["GET", "/v4/payout/data"],
    ["POST", "/v4/payout/card"],
    ["POST", "/v4/payout/offer"],
    ["PUT", `/v4/payout/offer/${crypto.randomUUID()}`],
    ["POST", `/v4/payout/pay/${crypto.randomUUID()}`],
  ] as const)("%s %s without it: 400 naming the header", async (method, url) => {
    const res = await x.call(alice.token, method, url, method === "GET" ? undefined : {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "X-Sdk-Version" });
  });
});

describe("bad input: 400 naming the field, nothing saved or priced", () => {
  it.each([
    ["cardNumber", { cardNumber: "4242424242424241" }],
    ["cardNumber", { cardNumber: "4242 4242 4242 4242" }],
    ["cardExpirationYear", { cardExpirationYear: 2020 }],
    ["cardExpirationMonth", { cardExpirationMonth: 0 }],
    ["cardHolder", { cardHolder: "A" }],
    ["billingAddress.zip", { billingAddress: { ...ADDRESS, zip: "" } }],
    ["billingAddress.countryCode", { billingAddress: { ...ADDRESS, countryCode: "de" } }],
  ])("POST /v4/payout/card with a bad %s", async (field, change) => {
    const before = await x.t.database.pool.query("select count(*) from payment_cards");
    const res = await x.addPayoutCard(bob.token, CARDS.frictionless, change);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field });
    expect((await x.t.database.pool.query("select count(*) from payment_cards")).rows).toEqual(before.rows);
  });

  it.each([
    ["amount", { amount: "1.1234567" }],
    ["amount", { amount: "-5" }],
    ["amount", { amount: undefined }],
    ["fromCurrency", { fromCurrency: "usdt" }],
    ["fromCurrency", { fromCurrency: "XYZ" }],
    ["toCurrency", { toCurrency: "USDT" }],
    ["cardId", { cardId: "not-a-card" }],
  ])("POST and PUT /v4/payout/offer with a bad %s", async (field, change) => {
    const cardId = await payoutCard(alice.token, CARDS.frictionless);
    const body = { cardId, fromCurrency: "USDT", toCurrency: "EUR", amount: "5", ...change };
    const created = await x.call(alice.token, "POST", "/v4/payout/offer", body, x.sdk);
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field });
    if (field === "cardId") return; // the update names no card
    const offer = (await x.payoutOffer(alice.token, cardId, "5")).json();
    const { cardId: _card, ...update } = body;
    const updated = await x.call(alice.token, "PUT", `/v4/payout/offer/${offer.offerId}`, update, x.sdk);
    expect(updated.statusCode).toBe(400);
    expect(updated.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field });
  });

  it("PUT /v4/payout/offer refuses a card in its body (the offer keeps its own)", async () => {
    const cardId = await payoutCard(alice.token, CARDS.frictionless);
    const offer = (await x.payoutOffer(alice.token, cardId, "5")).json();
    const res = await x.call(
      alice.token,
      "PUT",
      `/v4/payout/offer/${offer.offerId}`,
      { cardId, fromCurrency: "USDT", toCurrency: "EUR", amount: "6" },
      x.sdk,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA" });
  });
});

describe("card payout", () => {
  it("lists data; prices an offer saying whether the balance covers it", async () => {
    const cardId = await payoutCard(alice.token, CARDS.frictionless);
    const data = (await x.call(alice.token, "GET", "/v4/payout/data", undefined, x.sdk)).json();
    expect(data.cards[0]).toMatchObject({ cardId, maskedPan: "424242******4242" });
    // 1 % and a 0.50 EUR fixed fee, the quote engine's terms; the limit is the payout's.
    expect(data.fees).toMatchObject({ transactionFee: "1.00", fixFee: "0.50", feeTableEnabled: false });
    const limits = (await x.call(alice.token, "GET", "/v1/kyc/limits")).json();
    const payout = limits.operations.find(
      (o: { operationType: string }) => o.operationType === "PAYOUT_CARD",
    );
    expect(data.limit).toEqual({ value: payout.remaining.now, currency: limits.currency });
    expect(data).toMatchObject({
      billingAddressRequired: false,
      firstPurchase: false,
      firstPurchaseLimit: null,
    });
    expect(
      data.pairs.some(
        (p: { currencyFrom: string; currencyTo: string }) =>
          p.currencyFrom === "USDT" && p.currencyTo === "EUR",
      ),
    ).toBe(true);
    const offer = (await x.payoutOffer(alice.token, cardId, "20")).json();
    expect(offer).toMatchObject({
      fromCurrency: "USDT",
      toCurrency: "EUR",
      amount: "20.000000",
      possibleToExecute: true,
    });
    expect((await x.payoutOffer(alice.token, cardId, "150")).json().possibleToExecute).toBe(false);
  });

  it("PUT /v4/payout/offer re-prices the open offer: new amounts and validity, then paid as re-priced", async () => {
    const cardId = await payoutCard(alice.token, CARDS.frictionless);
    const first = (await x.payoutOffer(alice.token, cardId, "10")).json();
    x.clock.advance(15);
    const res = await x.call(
      alice.token,
      "PUT",
      `/v4/payout/offer/${first.offerId}`,
      { fromCurrency: "USDT", toCurrency: "EUR", amount: "12" },
      x.sdk,
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({
      offerId: first.offerId,
      cardId,
      fromCurrency: "USDT",
      toCurrency: "EUR",
      amount: "12.000000",
      validSeconds: 20,
      possibleToExecute: true,
    });
    expect(Date.parse(updated.expirationTime)).toBeGreaterThan(Date.parse(first.expirationTime));
    expect(Number(updated.amountTo)).toBeGreaterThan(Number(first.amountTo));
    expect(updated.feeInfo.map((f: { type: string }) => f.type)).toEqual(["TransactionFee", "AdditionalFee"]);
    expect(updated.feeInfo[0]).toMatchObject({ type: "TransactionFee", value: "1.00" });
    // Still open past the first offer's 20 seconds: the update renewed it.
    x.clock.advance(10);
    const pay = (await x.payoutPay(alice.token, first.offerId)).json();
    expect(pay).toMatchObject({ status: "PENDING", amountFrom: "12.000000", amountTo: updated.amountTo });
    expect(await x.runCallbacks()).toEqual(["PAID"]);
    // A lapsed offer is renewed by an update too, and can then be paid.
    const lapsed = (await x.payoutOffer(alice.token, cardId, "5")).json();
    x.clock.advance(21);
    const renewed = await x.call(
      alice.token,
      "PUT",
      `/v4/payout/offer/${lapsed.offerId}`,
      { fromCurrency: "USDT", toCurrency: "EUR", amount: "5" },
      x.sdk,
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await x.payoutPay(alice.token, lapsed.offerId)).json().status).toBe("PENDING");
    expect(await x.runCallbacks()).toEqual(["PAID"]);
  });

  it("reserves at pay, posts when the rail confirms: the balance drops once", async () => {
    const cardId = await payoutCard(alice.token, CARDS.frictionless);
    const offer = (await x.payoutOffer(alice.token, cardId, "20")).json();
    const before = await wallet(alice.token);
    const pay = await x.payoutPay(alice.token, offer.offerId);
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json()).toMatchObject({
      status: "PENDING",
      amountFrom: "20.000000",
      currencyFrom: "USDT",
      amountTo: offer.amountTo,
      currencyTo: "EUR",
    });
    const reserved = await wallet(alice.token);
    expect(Number(before.balance) - Number(reserved.availableBalance)).toBeCloseTo(20, 6);
    expect((await x.payoutPay(alice.token, offer.offerId)).json().status).toBe("PENDING");
    expect(await x.runCallbacks()).toEqual(["PAID"]);
    const after = await wallet(alice.token);
    expect(Number(before.balance) - Number(after.balance)).toBeCloseTo(20, 6);
    const row = (await x.d.history(alice.token, "typeFilter=PAYOUT_CARD")).json().operations[0];
    expect(row).toMatchObject({
      type: "PAYOUT_CARD",
      status: "COMPLETED",
      direction: "OUT",
      amount: "20.000000",
    });
    expect(row.payoutCardModel).toMatchObject({
      toCardPAN: "424242******4242",
      creditAmount: { value: offer.amountTo, currency: "EUR" },
    });
    // The rail's repeat changes nothing.
    expect((await x.payoutPay(alice.token, offer.offerId)).json().status).toBe("SUCCESS");
  });

  it("once paid, the offer keeps its price: an update is 409", async () => {
    const cardId = await payoutCard(alice.token, CARDS.frictionless);
    const offer = (await x.payoutOffer(alice.token, cardId, "5")).json();
    expect((await x.payoutPay(alice.token, offer.offerId)).json().status).toBe("PENDING");
    const upd = await x.call(
      alice.token,
      "PUT",
      `/v4/payout/offer/${offer.offerId}`,
      { fromCurrency: "USDT", toCurrency: "EUR", amount: "6" },
      x.sdk,
    );
    expect(upd.statusCode).toBe(409);
    expect(upd.json()).toMatchObject({ error: "PAYMENT_STARTED", field: "offerId" });
    expect(await x.runCallbacks()).toEqual(["PAID"]);
    expect((await x.payoutPay(alice.token, offer.offerId)).json()).toMatchObject({
      status: "SUCCESS",
      amountFrom: "5.000000",
      amountTo: offer.amountTo,
    });
  });

  it("a re-price that waited while pay reserved the money is refused: PAYMENT_STARTED", async () => {
    const cardId = await payoutCard(alice.token, CARDS.frictionless);
    const offer = (await x.payoutOffer(alice.token, cardId, "5")).json();
    const held = await x.holdOffer(offer.offerId);
    const update = x.call(
      alice.token,
      "PUT",
      `/v4/payout/offer/${offer.offerId}`,
      { fromCurrency: "USDT", toCurrency: "EUR", amount: "6" },
      x.sdk,
    );
    await held.waiters();
    // What pay writes under the offer's lock: the payment started.
    await held.run("update card_payments set status = 'PENDING' where offer_id = $1", [offer.offerId]);
    await held.commit();
    const res = await update;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: "PAYMENT_STARTED", field: "offerId" });
    const { rows } = await x.t.database.pool.query("select amount_from from quote_offers where id = $1", [
      offer.offerId,
    ]);
    expect(rows).toEqual([{ amount_from: "5000000" }]);
  });

  it("a rejecting card: the reservation is voided, the money is back", async () => {
    const cardId = await payoutCard(alice.token, CARDS.decline);
    const offer = (await x.payoutOffer(alice.token, cardId, "10")).json();
    const before = await wallet(alice.token);
    expect((await x.payoutPay(alice.token, offer.offerId)).json().status).toBe("PENDING");
    expect(await x.runCallbacks()).toEqual(["REJECTED"]);
    const after = await wallet(alice.token);
    expect(after.balance).toBe(before.balance);
    const pay = (await x.payoutPay(alice.token, offer.offerId)).json();
    expect(pay).toMatchObject({ status: "FAILURE", reason: expect.stringContaining("back in your wallet") });
    const row = (await x.d.history(alice.token, "typeFilter=PAYOUT_CARD")).json().operations[0];
    expect(row.status).toBe("FAILED");
  });

  it("a rail that does not answer the order: PENDING with the money reserved, never a 500", async () => {
    const outage = (failing: "on" | "off") =>
      x.t.app.inject({
        method: "POST",
        url: "/sandbox/acquirer/outage",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `failing=${failing}`,
      });
    const cardId = await payoutCard(alice.token, CARDS.frictionless);
    const offer = (await x.payoutOffer(alice.token, cardId, "7")).json();
    const before = await wallet(alice.token);
    expect((await outage("on")).statusCode).toBe(303);
    try {
      const pay = await x.payoutPay(alice.token, offer.offerId);
      expect(pay.statusCode, pay.body).toBe(200);
      expect(pay.json()).toMatchObject({ status: "PENDING", operationId: expect.any(String) });
      // Reserved, not spent and not given back: the rail may still have the order.
      const reserved = await wallet(alice.token);
      expect(reserved.balance).toBe(before.balance);
      expect(Number(before.availableBalance) - Number(reserved.availableBalance)).toBeCloseTo(7, 6);
      // Asked again, it stays as it is: nothing reached the rail, so no callback comes.
      expect((await x.payoutPay(alice.token, offer.offerId)).json().status).toBe("PENDING");
      expect(await x.runCallbacks()).toEqual([]);
    } finally {
      expect((await outage("off")).statusCode).toBe(303);
    }
  });

  it("pays a card without a billing address: the spec's payout flow never asks for one", async () => {
    const cardId = await payoutCard(
      alice.token,
      CARDS.frictionless.replace("4242424242424242", "5555555555554444"),
      false,
    );
    expect(
      (await x.call(alice.token, "GET", "/v4/payout/data", undefined, x.sdk))
        .json()
        .cards.find((c: { cardId: string }) => c.cardId === cardId).billingAddressRequired,
    ).toBe(false);
    const offer = (await x.payoutOffer(alice.token, cardId, "5")).json();
    expect((await x.payoutPay(alice.token, offer.offerId)).json().status).toBe("PENDING");
    expect(await x.runCallbacks()).toEqual(["PAID"]);
  });

  it("not enough money: 422 naming amount, nothing reserved", async () => {
    const cardId = await payoutCard(bob.token, CARDS.frictionless);
    const offer = (await x.payoutOffer(bob.token, cardId, "10")).json();
    const res = await x.payoutPay(bob.token, offer.offerId);
    expect(res.json()).toMatchObject({ error: "INSUFFICIENT_FUNDS", field: "amount" });
    expect(await x.takeJobs()).toEqual([]);
  });

  it("another customer's card or offer is 404; an unverified customer gets no price", async () => {
    const cardId = await payoutCard(alice.token, CARDS.frictionless);
    const offer = (await x.payoutOffer(alice.token, cardId, "5")).json();
    expect((await x.payoutOffer(bob.token, cardId, "5")).statusCode).toBe(404);
    expect((await x.payoutPay(bob.token, offer.offerId)).statusCode).toBe(404);
    const upd = await x.call(
      bob.token,
      "PUT",
      `/v4/payout/offer/${offer.offerId}`,
      { fromCurrency: "USDT", toCurrency: "EUR", amount: "6" },
      x.sdk,
    );
    expect(upd.statusCode).toBe(404);
    const carol = await x.d.unverified();
    const carolCard = await payoutCard(carol.token, CARDS.frictionless);
    expect((await x.payoutOffer(carol.token, carolCard, "5")).statusCode).toBe(403);
  });
});

describe("the price shown is the price charged (issue 31)", () => {
  const minor = (value: string) => BigInt(value.replace(".", ""));

  it("takes exactly the offer's amount once paid, to the minor unit; a lapsed offer moves nothing", async () => {
    const cardId = await payoutCard(alice.token, CARDS.frictionless);
    const stale = (await x.payoutOffer(alice.token, cardId, "7")).json();
    x.clock.advance(stale.validSeconds + 1);
    const before = await wallet(alice.token);
    const refused = await x.payoutPay(alice.token, stale.offerId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: "OFFER_EXPIRED", field: "offerId" });
    expect(await wallet(alice.token)).toMatchObject({
      balance: before.balance,
      availableBalance: before.availableBalance,
    });

    const offer = (await x.payoutOffer(alice.token, cardId, "7")).json();
    expect((await x.payoutPay(alice.token, offer.offerId)).json().status).toBe("PENDING");
    expect(await x.runCallbacks()).toEqual(["PAID"]);
    const after = await wallet(alice.token);
    // Wallet balances and the offer's amount are USDT with all 6 decimals.
    expect(minor(before.balance) - minor(after.balance)).toBe(minor(offer.amount));
  });
});
