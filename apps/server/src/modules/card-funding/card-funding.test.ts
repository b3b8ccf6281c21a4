import { parseAmount } from "@kestrel/money";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdRowLock } from "../../db/test-database.ts";
import { clientSourceFromPool } from "../../db/transaction.ts";
import { type DeliverCardEvent, ISSUER_CARD_EVENTS_PATH } from "../../providers/issuer/card-events.ts";
import { ISSUER_SIGNATURE_HEADER, signIssuerCallback } from "../../providers/issuer/issuer-provider.ts";
import { createSandboxSpending } from "../../providers/issuer/sandbox-spending.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { type Customer, cardsDriver } from "../cards/cards.test-helpers.ts";
import { DEMO_MERCHANT_ID } from "../merchants/index.ts";
import { signInOperator } from "../operators/operators.test-helpers.ts";

let t: TestApp;
let c: ReturnType<typeof cardsDriver>;
let alice: Customer;
let bob: Customer;
type Card = { id: string; cardRequestId: string; balance: { value: string } };
let card: Card;

/** A paid virtual CP_1 card, issued by the sandbox issuer and activated with the texted code. */
async function activeCard(who: Customer): Promise<Card> {
  const { id } = await c.paidOrder(who, "VIRTUAL", "USDT");
  expect((await c.advance(id)).statusCode).toBe(200);
  const activated = await c.call(
    who,
    "POST",
    "/v2/card/virtual/activate",
    await c.sealed(who, await c.lastCode(who.phone)),
  );
  expect(activated.statusCode, activated.body).toBe(200);
  return activated.json();
}

const listed = async (who: Customer, cardId: string) =>
  (await c.list(who)).cards.find((x: Card) => x.id === cardId) as Card & {
    monthlyIncome: { value: string };
    monthlyExpenses: { value: string };
  };
const usdt = async (who: Customer) => (await c.d.wallet(who.token, "USDT")).balance;
const usdtMinor = (value: string) => {
  const parsed = parseAmount(value, "USDT");
  if (!parsed.ok) throw new Error(`${value} is not USDT`);
  return parsed.minor;
};
const offer = (who: Customer, cardId: string, body: Record<string, string>) =>
  c.call(who, "POST", `/v2/card/${cardId}/payload/offers`, {
    fromCurrency: "USDT",
    toCurrency: "EUR",
    ...body,
  });
const confirm = (who: Customer, cardId: string, offerId: string, key: string) =>
  c.call(who, "POST", `/v2/card/${cardId}/payload/offers/${offerId}/confirm`, undefined, {
    "idempotency-key": key,
  });
const history = async (who: Customer, cardId: string, query = "") =>
  c.call(who, "GET", `/v2/history/card/${cardId}${query}`);
const purchase = (cardRequestId: string, amount: string, shop = "Corner Coffee") =>
  t.app.inject({ method: "POST", url: "/sandbox/issuer/purchase", payload: { cardRequestId, shop, amount } });
const act = (transactionId: string, action: string) =>
  t.app.inject({ method: "POST", url: `/sandbox/issuer/transactions/${transactionId}/${action}` });
const setStatus = (cardId: string, status: string) =>
  t.database.pool.query("update cards set status = $2 where id = $1", [cardId, status]);
/** Bob's active card, made on first use (one card for the tests that need one). */
let bobActive: Card | undefined;
const bobsCard = async () => {
  bobActive ??= await activeCard(bob);
  return bobActive;
};
/** The stored offer as one text, to see that a refused call changed nothing on it. */
const offerRow = async (offerId: string) =>
  (
    await t.database.pool.query<{ row: string }>("select o::text as row from quote_offers o where id = $1", [
      offerId,
    ])
  ).rows[0]?.row;

beforeAll(async () => {
  t = await createTestApp();
  c = cardsDriver(t);
  [alice, bob] = await Promise.all([c.d.verified(), c.d.verified()]);
  expect((await c.d.faucet(alice.phone, "USDT", "500")).statusCode).toBe(200);
  expect((await c.d.faucet(bob.phone, "USDT", "500")).statusCode).toBe(200);
  card = await activeCard(alice);
}, 60_000);
afterAll(() => t.close());

describe("top-up from crypto", () => {
  it("lists the wallets, prices, renews and confirms a top-up: wallet down, card balance up, both histories", async () => {
    const currencies = await c.call(alice, "GET", "/v2/card/payload/currencies");
    expect(currencies.statusCode, currencies.body).toBe(200);
    expect(currencies.json().cardCurrency).toBe("EUR");
    expect(currencies.json().currencies.map((x: { currency: string }) => x.currency)).toContain("USDT");

    const data = await c.call(alice, "GET", `/v2/card/${card.id}/payload/data?cp=CP_1`);
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json().card).toMatchObject({
      cardId: card.id,
      cardBalance: { value: "0.00", currency: "EUR" },
    });
    const pair = data.json().pairs.find((p: { currencyFrom: string }) => p.currencyFrom === "USDT");
    expect(pair).toMatchObject({ currencyTo: "EUR", fromLimits: { all: await usdt(alice) } });

    const before = await usdt(alice);
    const created = await offer(alice, card.id, { fromAmount: "50" });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      cardId: card.id,
      from: { value: "50.000000", currency: "USDT" },
      validSeconds: 40,
    });
    const renewed = await c.call(
      alice,
      "PUT",
      `/v2/card/${card.id}/payload/offers/${created.json().offerId}`,
      {
        fromCurrency: "USDT",
        toCurrency: "EUR",
        toAmount: "20",
      },
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({
      offerId: created.json().offerId,
      to: { value: "20.00" },
      fixedSide: "to",
    });

    const done = await confirm(alice, card.id, created.json().offerId, c.nextKey());
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: "COMPLETED", amount: { value: "20.00", currency: "EUR" } });
    expect(done.json().from).toEqual(renewed.json().from);
    // The price shown (the renewed offer) is the price charged, to the minor unit.
    expect(usdtMinor(before) - usdtMinor(await usdt(alice))).toBe(usdtMinor(renewed.json().from.value));
    expect((await listed(alice, card.id)).balance.value).toBe("20.00");
    expect((await listed(alice, card.id)).monthlyIncome.value).toBe("20.00");

    const rows = (await history(alice, card.id)).json();
    expect(rows).toMatchObject({ balance: { value: "20.00" }, total: 1 });
    expect(rows.operations[0]).toMatchObject({
      type: "TOP_UP",
      status: "COMPLETED",
      amount: { value: "20.00" },
    });
    const wallet = JSON.stringify((await c.d.history(alice.token, "size=50")).json());
    expect(wallet).toContain("CARD_TOP_UP");
  });

  it("acts once on a replayed confirm: the same key answers the same receipt, another key is refused", async () => {
    const o = await offer(alice, card.id, { fromAmount: "10" });
    const key = c.nextKey();
    const first = await confirm(alice, card.id, o.json().offerId, key);
    const balance = (await listed(alice, card.id)).balance.value;
    const wallet = await usdt(alice);
    const again = await confirm(alice, card.id, o.json().offerId, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await confirm(alice, card.id, o.json().offerId, c.nextKey());
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe("OFFER_ALREADY_EXECUTED");
    expect((await listed(alice, card.id)).balance.value).toBe(balance);
    expect(await usdt(alice)).toBe(wallet);
  });

  it("applies one of ten concurrent confirms of an offer, whatever their keys", async () => {
    const o = await offer(alice, card.id, { toAmount: "1" });
    const balance = Number((await listed(alice, card.id)).balance.value);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => confirm(alice, card.id, o.json().offerId, c.nextKey())),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.json().error).toBe("OFFER_ALREADY_EXECUTED");
    }
    expect(Number((await listed(alice, card.id)).balance.value)).toBeCloseTo(balance + 1, 2);
  });

  it("answers 404 for another customer's card and for an offer of another card", async () => {
    const o = await offer(alice, card.id, { fromAmount: "10" });
    for (const res of [
      await c.call(bob, "GET", `/v2/card/${card.id}/payload/data`),
      await offer(bob, card.id, { fromAmount: "10" }),
      await confirm(bob, card.id, o.json().offerId, c.nextKey()),
      await history(bob, card.id),
      await c.call(alice, "GET", `/v2/card/${card.id}/payload/data?cp=CP_2`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    const bobs = await bobsCard();
    const crossed = await confirm(bob, bobs.id, o.json().offerId, c.nextKey());
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().error).toBe("OFFER_NOT_FOUND");
  });

  it("answers 404 to a renewal (PUT) of another customer's card or offer, and changes nothing", async () => {
    const bobs = await bobsCard();
    const mine = await offer(alice, card.id, { fromAmount: "10" });
    const theirs = await offer(bob, bobs.id, { fromAmount: "10" });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const [aliceOffer, bobOffer] = [mine.json().offerId, theirs.json().offerId];
    const before = [await offerRow(aliceOffer), await offerRow(bobOffer)];
    const renew = (who: Customer, cardId: string, offerId: string) =>
      c.call(who, "PUT", `/v2/card/${cardId}/payload/offers/${offerId}`, {
        fromCurrency: "USDT",
        toCurrency: "EUR",
        toAmount: "3",
      });
    for (const [res, error] of [
      [await renew(bob, card.id, aliceOffer), "CARD_NOT_FOUND"],
      [await renew(bob, bobs.id, aliceOffer), "OFFER_NOT_FOUND"],
      [await renew(alice, card.id, bobOffer), "OFFER_NOT_FOUND"],
      [await renew(alice, bobs.id, bobOffer), "CARD_NOT_FOUND"],
    ] as const) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toBe(error);
    }
    expect([await offerRow(aliceOffer), await offerRow(bobOffer)]).toEqual(before);
  });

  it("names the bad field (400) and refuses a frozen card's top-up (409), before and at confirm", async () => {
    expect((await offer(alice, card.id, { fromAmount: "10", toAmount: "5" })).json().field).toBe("toAmount");
    expect((await offer(alice, card.id, {})).json().field).toBe("fromAmount");
    expect((await offer(alice, card.id, { fromAmount: "1.1234567" })).json().field).toBe("fromAmount");
    const usd = await c.call(alice, "POST", `/v2/card/${card.id}/payload/offers`, {
      fromCurrency: "USDT",
      toCurrency: "USD",
      fromAmount: "10",
    });
    expect(usd.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "toCurrency" });

    const o = await offer(alice, card.id, { fromAmount: "10" });
    const balance = (await listed(alice, card.id)).balance.value;
    await setStatus(card.id, "SOFT_BLOCKED");
    try {
      const refused = await offer(alice, card.id, { fromAmount: "10" });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: "CARD_SOFT_BLOCKED", field: "cardId" });
      const late = await confirm(alice, card.id, o.json().offerId, c.nextKey());
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toBe("CARD_SOFT_BLOCKED");
      expect((await listed(alice, card.id)).balance.value).toBe(balance);
      await setStatus(card.id, "BLOCKED");
      expect((await offer(alice, card.id, { fromAmount: "10" })).json().error).toBe("CARD_BLOCKED");
    } finally {
      await setStatus(card.id, "ACTIVE");
    }
  });
});

describe("spending at the sandbox issuer", () => {
  it("holds an approved purchase, posts it at settlement, voids a reversal, credits a refund", async () => {
    const start = Number((await listed(alice, card.id)).balance.value);
    const coffee = await purchase(card.cardRequestId, "4.50");
    expect(coffee.statusCode, coffee.body).toBe(200);
    expect(coffee.json()).toMatchObject({ state: "APPROVED", declineReason: null });
    expect(Number((await listed(alice, card.id)).balance.value)).toBeCloseTo(start - 4.5, 2);

    const rows = async () => (await history(alice, card.id)).json().operations;
    expect((await rows())[0]).toMatchObject({
      type: "PURCHASE",
      status: "PENDING",
      description: "Corner Coffee",
    });
    expect((await act(coffee.json().transactionId, "settle")).json().state).toBe("SETTLED");
    expect((await rows())[0]).toMatchObject({ type: "PURCHASE", status: "COMPLETED" });
    expect(Number((await listed(alice, card.id)).balance.value)).toBeCloseTo(start - 4.5, 2);

    const books = await purchase(card.cardRequestId, "12.00", "Book Nook");
    expect(books.json(), books.body).toMatchObject({ state: "APPROVED" });
    expect((await act(books.json().transactionId, "reverse")).json().state).toBe("REVERSED");
    expect((await rows())[0]).toMatchObject({ description: "Book Nook", status: "REVERSED" });
    expect(Number((await listed(alice, card.id)).balance.value)).toBeCloseTo(start - 4.5, 2);
    // A reversed authorisation cannot be settled at the issuer.
    expect((await act(books.json().transactionId, "settle")).statusCode).toBe(400);

    expect((await act(coffee.json().transactionId, "refund")).json().state).toBe("REFUNDED");
    expect((await rows())[0]).toMatchObject({
      type: "REFUND",
      status: "COMPLETED",
      amount: { value: "4.50" },
    });
    expect(Number((await listed(alice, card.id)).balance.value)).toBeCloseTo(start, 2);
    expect((await listed(alice, card.id)).monthlyExpenses.value).toBe("4.50");
  });

  it("declines for each reason and records why", async () => {
    const balance = (await listed(alice, card.id)).balance.value;
    const tooMuch = await purchase(card.cardRequestId, "100000.00", "Car Dealer");
    expect(tooMuch.json()).toMatchObject({ state: "DECLINED", declineReason: "INSUFFICIENT_BALANCE" });
    const cases: Array<[string, string]> = [
      ["SOFT_BLOCKED", "CARD_SOFT_BLOCKED"],
      ["BLOCKED", "CARD_BLOCKED"],
      ["HARD_BLOCKED", "CARD_BLOCKED"],
    ];
    try {
      for (const [status, reason] of cases) {
        await setStatus(card.id, status);
        expect((await purchase(card.cardRequestId, "1.00")).json()).toMatchObject({
          state: "DECLINED",
          declineReason: reason,
        });
      }
      await setStatus(card.id, "ACTIVE");
      await t.database.pool.query("update cards set expiry_year = 2021 where id = $1", [card.id]);
      expect((await purchase(card.cardRequestId, "1.00")).json()).toMatchObject({
        declineReason: "CARD_EXPIRED",
      });
    } finally {
      await t.database.pool.query("update cards set status = 'ACTIVE', expiry_year = 2099 where id = $1", [
        card.id,
      ]);
    }
    expect((await listed(alice, card.id)).balance.value).toBe(balance);
    const declined = (await history(alice, card.id, "?size=5")).json().operations;
    expect(declined.map((o: { declineReason: string }) => o.declineReason)).toEqual([
      "CARD_EXPIRED",
      "CARD_BLOCKED",
      "CARD_BLOCKED",
      "CARD_SOFT_BLOCKED",
      "INSUFFICIENT_BALANCE",
    ]);
    expect(declined[4]).toMatchObject({ status: "DECLINED", declineMessage: "Not enough money on the card" });
  });

  it("handles a repeated callback once, and refuses an unsigned one (401)", async () => {
    const { rows } = await t.database.pool.query<{ issuerCardId: string; merchantId: string }>(
      `select issuer_card_id as "issuerCardId", merchant_id as "merchantId" from cards where id = $1`,
      [card.id],
    );
    const { issuerCardId, merchantId } = rows[0] ?? { issuerCardId: "", merchantId: "" };
    const event = {
      eventId: "it_duplicate_test:AUTHORISATION",
      type: "AUTHORISATION",
      merchantId,
      issuerCardId,
      transactionId: "it_duplicate_test",
      amount: "2.00",
      currency: "EUR",
      shop: "Twice Bakery",
      at: new Date().toISOString(),
    };
    const rawBody = JSON.stringify(event);
    const secret = t.config.secrets.callback;
    const send = (signature: string) =>
      t.app.inject({
        method: "POST",
        url: ISSUER_CARD_EVENTS_PATH,
        headers: { "content-type": "application/json", [ISSUER_SIGNATURE_HEADER]: signature },
        payload: rawBody,
      });
    const before = Number((await listed(alice, card.id)).balance.value);
    const answers = await Promise.all([1, 2, 3].map(() => send(signIssuerCallback(secret, rawBody))));
    for (const a of answers) expect(a.json()).toMatchObject({ decision: "APPROVED", eventId: event.eventId });
    expect(Number((await listed(alice, card.id)).balance.value)).toBeCloseTo(before - 2, 2);
    const bakery = (await history(alice, card.id, "?size=50"))
      .json()
      .operations.filter((o: { description: string }) => o.description === "Twice Bakery");
    expect(bakery).toHaveLength(1);
    expect((await send("sha256=00")).statusCode).toBe(401);
  });
});

describe("the issuer's retries", () => {
  it("keeps an unanswered authorisation waiting with a retry job, and records the answer when it comes", async () => {
    const spending = createSandboxSpending({
      db: clientSourceFromPool(t.database.pool),
      callbackSecret: t.config.secrets.callback,
    });
    const down: DeliverCardEvent = async () => {
      throw new Error("connection refused");
    };
    const waiting = await spending.purchase(
      { cardRequestId: card.cardRequestId, shop: "Late Lunch", amount: "3.00" },
      down,
    );
    expect(waiting.state).toBe("AUTHORISING");
    const jobs = () =>
      t.database.pool.query("select 1 from graphile_worker.jobs where key = $1", [
        `issuer-card-event:${waiting.id}:AUTHORISATION`,
      ]);
    expect((await jobs()).rowCount).toBe(1);
    const before = Number((await listed(alice, card.id)).balance.value);
    // The worker's retry (here over inject instead of HTTP): answered, recorded, job removed.
    const http: DeliverCardEvent = async (rawBody, signature) => {
      const res = await t.app.inject({
        method: "POST",
        url: ISSUER_CARD_EVENTS_PATH,
        headers: { "content-type": "application/json", [ISSUER_SIGNATURE_HEADER]: signature },
        payload: rawBody,
      });
      return { status: res.statusCode, body: res.json() };
    };
    expect(await spending.redeliver(waiting.id, "AUTHORISATION", http)).toBe(true);
    expect((await spending.find(waiting.id))?.state).toBe("APPROVED");
    expect((await jobs()).rowCount).toBe(0);
    // Delivered again (a retry that crossed the answer): the same answer, nothing held twice.
    expect(await spending.redeliver(waiting.id, "AUTHORISATION", http)).toBe(true);
    expect(Number((await listed(alice, card.id)).balance.value)).toBeCloseTo(before - 3, 2);
  });
});

describe("a shop's refunds: partial, several, at most the purchase", () => {
  /** The card's balance in cents, and its REFUND rows for one purchase (by its purchaseId). */
  const cents = async () => Math.round(Number((await listed(alice, card.id)).balance.value) * 100);
  const refundsOf = async (purchaseId: string) =>
    (await history(alice, card.id, "?size=100"))
      .json()
      .operations.filter(
        (o: { type: string; details: { purchaseId?: string } }) =>
          o.type === "REFUND" && o.details.purchaseId === purchaseId,
      )
      .map((o: { status: string; amount: { value: string } }) => [o.status, o.amount.value]);
  /** A purchase approved and settled at the sandbox issuer: its issuer transaction and row id. */
  const settled = async (amount: string, shop: string) => {
    const bought = await purchase(card.cardRequestId, amount, shop);
    expect(bought.json(), bought.body).toMatchObject({ state: "APPROVED" });
    const transactionId: string = bought.json().transactionId;
    expect((await act(transactionId, "settle")).json().state).toBe("SETTLED");
    const { rows } = await t.database.pool.query<{ id: string }>(
      "select id from card_operations where issuer_tx_id = $1 and kind = 'PURCHASE'",
      [transactionId],
    );
    return { transactionId, purchaseId: rows[0]?.id ?? "" };
  };
  /** The issuer's signed REFUND callback for `amount` of the purchase, as its own event. */
  const refundEvent = async (transactionId: string, eventId: string, amount: string) => {
    const { rows } = await t.database.pool.query<{ issuerCardId: string; merchantId: string }>(
      `select issuer_card_id as "issuerCardId", merchant_id as "merchantId" from cards where id = $1`,
      [card.id],
    );
    const rawBody = JSON.stringify({
      eventId,
      type: "REFUND",
      merchantId: rows[0]?.merchantId,
      issuerCardId: rows[0]?.issuerCardId,
      transactionId,
      amount,
      currency: "EUR",
      shop: "Refund Shop",
      at: new Date().toISOString(),
    });
    return t.app.inject({
      method: "POST",
      url: ISSUER_CARD_EVENTS_PATH,
      headers: {
        "content-type": "application/json",
        [ISSUER_SIGNATURE_HEADER]: signIssuerCallback(t.config.secrets.callback, rawBody),
      },
      payload: rawBody,
    });
  };

  it("credits two partial refunds of one purchase, each its own event, and lists both", async () => {
    const { transactionId, purchaseId } = await settled("6.00", "Partial Shoes");
    const before = await cents();
    const first = await refundEvent(transactionId, `${transactionId}:REFUND:1`, "2.50");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ decision: "ACCEPTED", eventId: `${transactionId}:REFUND:1` });
    const second = await refundEvent(transactionId, `${transactionId}:REFUND:2`, "3.00");
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ decision: "ACCEPTED", eventId: `${transactionId}:REFUND:2` });
    expect(await cents()).toBe(before + 550);
    expect(await refundsOf(purchaseId)).toEqual([
      ["COMPLETED", "3.00"],
      ["COMPLETED", "2.50"],
    ]);
  });

  it("refuses (422) a refund that would take the refunds above the purchase, and changes nothing", async () => {
    const { transactionId, purchaseId } = await settled("5.00", "Capped Hats");
    expect((await refundEvent(transactionId, `${transactionId}:REFUND:a`, "2.00")).statusCode).toBe(200);
    expect((await refundEvent(transactionId, `${transactionId}:REFUND:b`, "2.50")).statusCode).toBe(200);
    const before = await cents();
    const over = await refundEvent(transactionId, `${transactionId}:REFUND:c`, "1.00");
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json()).toMatchObject({ error: "ISSUER_EVENT_MISMATCH", field: "amount" });
    // Not recorded as handled: the issuer's retry is refused the same way, and nothing moved.
    expect((await refundEvent(transactionId, `${transactionId}:REFUND:c`, "1.00")).statusCode).toBe(422);
    expect(await cents()).toBe(before);
    expect(await refundsOf(purchaseId)).toEqual([
      ["COMPLETED", "2.50"],
      ["COMPLETED", "2.00"],
    ]);
    // What is left of the purchase can still be refunded: the cap is the purchase, inclusive.
    expect((await refundEvent(transactionId, `${transactionId}:REFUND:d`, "0.50")).statusCode).toBe(200);
    expect(await cents()).toBe(before + 50);
  });

  it("credits a refund event delivered twice at once only once", async () => {
    const { transactionId, purchaseId } = await settled("4.00", "Twice Refunds");
    expect((await refundEvent(transactionId, `${transactionId}:REFUND:x`, "1.00")).statusCode).toBe(200);
    const before = await cents();
    const answers = await Promise.all(
      [1, 2].map(() => refundEvent(transactionId, `${transactionId}:REFUND:y`, "1.50")),
    );
    for (const a of answers) {
      expect(a.statusCode, a.body).toBe(200);
      expect(a.json()).toMatchObject({ decision: "ACCEPTED", eventId: `${transactionId}:REFUND:y` });
    }
    const again = await refundEvent(transactionId, `${transactionId}:REFUND:y`, "1.50");
    expect(again.json()).toEqual(answers[0]?.json());
    expect(await cents()).toBe(before + 150);
    expect(await refundsOf(purchaseId)).toEqual([
      ["COMPLETED", "1.50"],
      ["COMPLETED", "1.00"],
    ]);
  });

  it("credits one of two refunds racing that together exceed the purchase", async () => {
    const { transactionId, purchaseId } = await settled("4.00", "Racing Refunds");
    const before = await cents();
    const answers = await Promise.all(
      ["r1", "r2"].map((n) => refundEvent(transactionId, `${transactionId}:REFUND:${n}`, "3.00")),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(await cents()).toBe(before + 300);
    expect(await refundsOf(purchaseId)).toEqual([["COMPLETED", "3.00"]]);
  });
});

/**
 * The card's row locked by the test as a soft block's update holds it until it commits (the lock
 * an UPDATE of the status takes): `run` blocks the card in that transaction, `commit` lets it land.
 */
const holdCard = (cardId: string) =>
  holdRowLock(t.database.pool, "select 1 from cards where id = $1 for no key update", [cardId]);

describe("a soft block committing between the card's read and the transaction (issue 31 §5)", () => {
  it("refuses the top-up: judged on the card's locked row, nothing moves", async () => {
    const o = await offer(alice, card.id, { fromAmount: "10" });
    expect(o.statusCode, o.body).toBe(200);
    const [wallet, balance] = [await usdt(alice), (await listed(alice, card.id)).balance.value];
    const held = await holdCard(card.id);
    try {
      const paying = confirm(alice, card.id, o.json().offerId, c.nextKey());
      await held.waiters(1);
      await held.run("update cards set status = 'SOFT_BLOCKED' where id = $1", [card.id]);
      await held.commit();
      const refused = await paying;
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ error: "CARD_SOFT_BLOCKED", field: "cardId" });
      expect([await usdt(alice), (await listed(alice, card.id)).balance.value]).toEqual([wallet, balance]);
    } finally {
      await setStatus(card.id, "ACTIVE");
    }
  });

  it("declines the issuer's authorisation with the block's reason, nothing held", async () => {
    const balance = (await listed(alice, card.id)).balance.value;
    expect(Number(balance)).toBeGreaterThan(1);
    const held = await holdCard(card.id);
    try {
      const buying = purchase(card.cardRequestId, "1.00", "Late Night Kiosk");
      await held.waiters(1);
      await held.run("update cards set status = 'SOFT_BLOCKED' where id = $1", [card.id]);
      await held.commit();
      expect((await buying).json()).toMatchObject({ state: "DECLINED", declineReason: "CARD_SOFT_BLOCKED" });
      expect((await listed(alice, card.id)).balance.value).toBe(balance);
      expect((await history(alice, card.id, "?size=1")).json().operations[0]).toMatchObject({
        description: "Late Night Kiosk",
        status: "DECLINED",
        declineReason: "CARD_SOFT_BLOCKED",
      });
    } finally {
      await setStatus(card.id, "ACTIVE");
    }
  });
});

describe("a customer blocked by an operator (docs/backoffice.md)", () => {
  it("has their card purchases declined, judged in the authorisation's transaction; money in still lands", async () => {
    const carol = await c.d.verified();
    expect((await c.d.faucet(carol.phone, "USDT", "100")).statusCode).toBe(200);
    const carolsCard = await activeCard(carol);
    const o = await offer(carol, carolsCard.id, { fromAmount: "30" });
    expect((await confirm(carol, carolsCard.id, o.json().offerId, c.nextKey())).statusCode).toBe(200);
    const lunch = await purchase(carolsCard.cardRequestId, "2.00", "Lunch Bar");
    expect(lunch.json()).toMatchObject({ state: "APPROVED" });
    const ops = async () =>
      (
        await t.database.pool.query<{ kind: string; status: string; amount: string; description: string }>(
          `select kind, status, amount::text, description from card_operations
           where card_id = $1 and kind <> 'TOP_UP' order by created_at`,
          [carolsCard.id],
        )
      ).rows;

    const support = await signInOperator(t.app, t.database, "SUPPORT", DEMO_MERCHANT_ID);
    const block = (action: "block" | "unblock") =>
      t.app.inject({
        method: "POST",
        url: `/admin/v1/customers/${carol.customerId}/${action}`,
        headers: support.headers,
        payload: { reason: "card fraud report" },
      });
    expect((await block("block")).statusCode).toBe(200);
    expect((await purchase(carolsCard.cardRequestId, "1.00", "Kiosk")).json()).toMatchObject({
      state: "DECLINED",
      declineReason: "CARD_BLOCKED",
    });
    // Money in still lands: the earlier purchase settles and its refund credits the card.
    expect((await act(lunch.json().transactionId, "settle")).json().state).toBe("SETTLED");
    expect((await act(lunch.json().transactionId, "refund")).json().state).toBe("REFUNDED");
    expect(await ops()).toEqual([
      { kind: "PURCHASE", status: "COMPLETED", amount: "200", description: "Lunch Bar" },
      { kind: "PURCHASE", status: "DECLINED", amount: "100", description: "Kiosk" },
      { kind: "REFUND", status: "COMPLETED", amount: "200", description: expect.any(String) },
    ]);

    expect((await block("unblock")).statusCode).toBe(200);
    expect((await purchase(carolsCard.cardRequestId, "1.00")).json()).toMatchObject({ state: "APPROVED" });

    // A block committing while the authorisation waits for the customer's row is seen.
    const held = await holdRowLock(
      t.database.pool,
      "select 1 from customers where id = $1 for no key update",
      [carol.customerId],
    );
    const buying = purchase(carolsCard.cardRequestId, "1.00", "Late Kiosk");
    await held.waiters(1);
    await held.run("update customers set blocked_at = now(), blocked_reason = 'race' where id = $1", [
      carol.customerId,
    ]);
    await held.commit();
    expect((await buying).json()).toMatchObject({ state: "DECLINED", declineReason: "CARD_BLOCKED" });
  });
});

describe("card history", () => {
  it("pages newest first with offset and size, and names a bad size (400)", async () => {
    const all = (await history(alice, card.id, "?size=100")).json();
    expect(all.total).toBeGreaterThan(6);
    const first = (await history(alice, card.id, "?cp=CP_1&offset=0&size=3")).json();
    const second = (await history(alice, card.id, "?offset=3&size=3")).json();
    expect(first.operations).toHaveLength(3);
    expect(
      [...first.operations, ...second.operations].map((o: { operationId: string }) => o.operationId),
    ).toEqual(all.operations.slice(0, 6).map((o: { operationId: string }) => o.operationId));
    const dates = all.operations.map((o: { operationDate: string }) => o.operationDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const bad = await history(alice, card.id, "?size=0");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("size");
  });

  it("leaves the ledger's invariants whole", async () => {
    await c.d.expectInvariants();
  });
});
