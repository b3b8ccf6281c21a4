import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setFeatureFlags } from "../merchants/feature-flags.test-helpers.ts";
import { ADDRESS, CARDS, type CardTest, cardTestApp } from "./acquiring.test-helpers.ts";

type Customer = { phone: string; token: string; customerId: string };
let x: CardTest;
let alice: Customer;
let bob: Customer;

beforeAll(async () => {
  x = await cardTestApp();
  [alice, bob] = await Promise.all([x.d.verified(), x.d.verified()]);
});
afterAll(() => x.t.close());

async function card(token: string, number: string): Promise<string> {
  const res = await x.addPayinCard(token, number);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().cardId;
}

async function offer(token: string, cardId: string, amount = "50"): Promise<string> {
  const res = await x.payinOffer(token, cardId, amount);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().offerId;
}

describe("POST /v3/payin/card", () => {
  it("keeps the token, the masked number and BIN data; never the number", async () => {
    const res = await x.addPayinCard(alice.token, CARDS.frictionless);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      cardType: "VISA",
      maskedPan: "424242******4242",
      cardBankName: "Sandbox Bank AG",
      cardCountryCode: "DE",
      validationStatus: "APPROVED",
      billingAddressRequired: false,
    });
    const { rows } = await x.t.database.pool.query(
      "select row_to_json(c)::text as row from payment_cards c where customer_id = $1",
      [alice.customerId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].row).not.toContain(CARDS.frictionless);
    // The same card again is the same saved card.
    expect((await x.addPayinCard(alice.token, CARDS.frictionless)).json().cardId).toBe(res.json().cardId);
  });

  it.each([
    ["cardNumber", { cardNumber: "4242424242424241" }],
    ["cardNumber", { cardNumber: "42424242abcd4242" }],
    ["cardExpirationYear", { cardExpirationYear: 2020 }],
    ["cardExpirationMonth", { cardExpirationMonth: 13 }],
    ["cardHolder", { cardHolder: "" }],
    ["billingAddress", { billingAddress: undefined }],
    ["billingAddress.countryCode", { billingAddress: { ...ADDRESS, countryCode: "Germany" } }],
  ])("refuses a bad %s with 400 naming it, saving nothing", async (field, change) => {
    const before = await x.t.database.pool.query("select count(*) from payment_cards");
    const res = await x.addPayinCard(bob.token, CARDS.frictionless, change);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field });
    expect((await x.t.database.pool.query("select count(*) from payment_cards")).rows).toEqual(before.rows);
  });
});

describe("GET /v3/payin/data and offers", () => {
  it("lists the cards, the pairs with fees and the partner note", async () => {
    const res = await x.call(alice.token, "GET", "/v3/payin/data");
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.cards.map((c: { maskedPan: string }) => c.maskedPan)).toContain("424242******4242");
    const pair = data.pairs.find(
      (p: { currencyFrom: string; currencyTo: string }) =>
        p.currencyFrom === "EUR" && p.currencyTo === "USDT",
    );
    expect(pair).toMatchObject({ defaultMinAmountFrom: "1.00", amountScaleFrom: 2, lock: false });
    expect(pair.feeInfo[0]).toMatchObject({ type: "TransactionFee", value: "2.00" });
    expect(data.partnerNote).toBe("The acquiring bank may add up to 2%.");
    // The quote engine's terms as the merchant set them (2 %, no table), the same for every pair.
    expect(pair.fees).toEqual({
      transactionFee: "2.00",
      additionalFee: "0.00",
      fixFee: "0.00",
      feeTableEnabled: false,
      feeTable: [],
    });
    expect(data.fees).toEqual(pair.fees);
    expect(data.billingAddressRequired).toBe(true);
    // The limit is the KYC service's: what one card pay-in may be now.
    const limits = (await x.call(alice.token, "GET", "/v1/kyc/limits")).json();
    const payin = limits.operations.find((o: { operationType: string }) => o.operationType === "PAYIN_CARD");
    expect(data.limit).toEqual({ value: payin.remaining.now, currency: limits.currency });
    expect(Number(data.limit.value)).toBeGreaterThan(0);
    expect(data.firstPurchase).toBe(true);
    expect(data.firstPurchaseLimit).toEqual(data.limit);
  });

  it("shows a pair's fee table from the quote engine, and prices with it", async () => {
    const pool = x.t.database.pool;
    const pairRow = `merchant_id = (select merchant_id from customers where id = $1)
      and kind = 'PAYIN_CARD' and currency_from = 'EUR' and currency_to = 'USDT'`;
    const { rows } = await pool.query<{ fees: Record<string, unknown> }>(
      `select fees from quote_pairs where ${pairRow}`,
      [alice.customerId],
    );
    const fees = rows[0]?.fees;
    if (!fees) throw new Error("no card pay-in pair EUR→USDT");
    const table = [{ percent: "1.5", amountFrom: "100", amountTo: null, currency: "EUR" }];
    await pool.query(`update quote_pairs set fees = $2 where ${pairRow}`, [
      alice.customerId,
      { ...fees, feeTable: table, feeTableEnabled: true },
    ]);
    try {
      const data = (await x.call(alice.token, "GET", "/v3/payin/data")).json();
      const pair = data.pairs.find(
        (p: { currencyFrom: string; currencyTo: string }) =>
          p.currencyFrom === "EUR" && p.currencyTo === "USDT",
      );
      expect(pair.fees).toMatchObject({
        transactionFee: "2.00",
        feeTableEnabled: true,
        feeTable: [{ percent: "1.50", amountFrom: "100.00", amountTo: null, currency: "EUR" }],
      });
      // The pairs differ now: each has its own fees, none shared.
      expect(data.fees).toBeNull();
      const cardId = await card(alice.token, CARDS.frictionless);
      expect((await x.payinOffer(alice.token, cardId, "200")).json().feeAmount.value).toBe("3.00");
      expect((await x.payinOffer(alice.token, cardId, "50")).json().feeAmount.value).toBe("1.00");
    } finally {
      await pool.query(`update quote_pairs set fees = $2 where ${pairRow}`, [alice.customerId, fees]);
    }
  });

  it("prices 50 EUR with the 2 % fee, valid 20 s; updates re-price; bad input names the field", async () => {
    const cardId = await card(alice.token, CARDS.frictionless);
    const res = await x.payinOffer(alice.token, cardId, "50");
    expect(res.json()).toMatchObject({
      amount: "50.00",
      fromCurrency: "EUR",
      toCurrency: "USDT",
      validSeconds: 20,
    });
    expect(res.json().feeAmount).toEqual({ value: "1.00", currency: "EUR" });
    const upd = await x.call(alice.token, "PUT", `/v3/payin/offer/${res.json().offerId}`, {
      fromCurrency: "EUR",
      toCurrency: "USDT",
      amount: "60",
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().feeAmount.value).toBe("1.20");
    const bad = await x.payinOffer(alice.token, cardId, "12.345");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("amount");
    const small = await x.payinOffer(alice.token, cardId, "0.50");
    expect(small.json()).toMatchObject({ error: "AMOUNT_TOO_SMALL" });
  });

  it.each([
    ["amount", { amount: "50.001" }],
    ["amount", { amount: "fifty" }],
    ["fromCurrency", { fromCurrency: "eur" }],
    ["fromCurrency", { fromCurrency: "XYZ" }],
    ["toCurrency", { toCurrency: "EUR" }],
    ["operation", { operation: "PAYOUT" }],
    ["cardId", { cardId: "1" }],
  ])("POST and PUT /v3/payin/offer with a bad %s: 400 naming it", async (field, change) => {
    const cardId = await card(alice.token, CARDS.frictionless);
    const body = {
      cardId,
      fromCurrency: "EUR",
      toCurrency: "USDT",
      amount: "50",
      operation: "PAYIN",
      ...change,
    };
    const created = await x.call(alice.token, "POST", "/v3/payin/offer", body);
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field });
    if (field === "cardId") return; // the update names no card
    const offerId = await offer(alice.token, cardId);
    const { cardId: _card, ...update } = body;
    const updated = await x.call(alice.token, "PUT", `/v3/payin/offer/${offerId}`, update);
    expect(updated.statusCode).toBe(400);
    expect(updated.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field });
  });

  it("another customer's card or offer is 404", async () => {
    const aliceCard = await card(alice.token, CARDS.frictionless);
    const offerId = await offer(alice.token, aliceCard);
    expect((await x.payinOffer(bob.token, aliceCard)).json()).toMatchObject({
      error: "CARD_NOT_FOUND",
      field: "cardId",
    });
    expect((await x.payinPay(bob.token, offerId)).statusCode).toBe(404);
    expect((await x.payinStatus(bob.token, offerId)).statusCode).toBe(404);
    const upd = await x.call(bob.token, "PUT", `/v3/payin/offer/${offerId}`, {
      fromCurrency: "EUR",
      toCurrency: "USDT",
      amount: "5",
    });
    expect(upd.statusCode).toBe(404);
    const addr = await x.call(bob.token, "POST", `/v3/payin/card/${aliceCard}/billing-address`, ADDRESS);
    expect(addr.statusCode).toBe(404);
  });

  it("an unverified customer (KYC_0) gets no price: card pay-in needs KYC_2", async () => {
    const carol = await x.d.unverified();
    const cardId = await card(carol.token, CARDS.frictionless);
    const res = await x.payinOffer(carol.token, cardId);
    expect(res.statusCode).toBe(403);
  });
});

describe("POST /v3/payin/pay and the acquirer", () => {
  it("frictionless: pending until the capture callback, then credited exactly once", async () => {
    const cardId = await card(alice.token, CARDS.frictionless);
    const offerId = await offer(alice.token, cardId);
    const quoted = (
      await x.call(alice.token, "PUT", `/v3/payin/offer/${offerId}`, {
        fromCurrency: "EUR",
        toCurrency: "USDT",
        amount: "50",
      })
    ).json();
    const before = await x.balance(alice.token, "USDT");
    const pay = await x.payinPay(alice.token, offerId);
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json()).toMatchObject({
      transactionStatus: "PENDING",
      authLink: null,
      maskedPan: "424242******4242",
      transactionAmount: "50.00",
    });
    expect(await x.balance(alice.token, "USDT")).toBe(before);
    expect((await x.payinStatus(alice.token, offerId)).json().status).toBe("PENDING");
    expect(await x.runCallbacks()).toEqual(["AUTHORISED", "CREDITED"]);
    const status = (await x.payinStatus(alice.token, offerId)).json();
    expect(status).toMatchObject({
      status: "SUCCESS",
      amount: "50.00",
      currency: "EUR",
      cryptoAmount: quoted.amountTo,
      cryptoCurrency: "USDT",
    });
    const after = await x.balance(alice.token, "USDT");
    expect(Number(after) - Number(before === "none" ? 0 : before)).toBeCloseTo(Number(quoted.amountTo), 6);
    // Paying again answers the same payment; nothing is charged twice.
    expect((await x.payinPay(alice.token, offerId)).json().transactionStatus).toBe("SUCCESS");
    expect(await x.runCallbacks()).toEqual([]);
    const history = (await x.d.history(alice.token, "typeFilter=PAYIN_CARD")).json().operations;
    expect(history[0]).toMatchObject({
      type: "PAYIN_CARD",
      status: "COMPLETED",
      direction: "IN",
      currency: "USDT",
    });
    expect(history[0].payinCardModel).toMatchObject({
      fromCardPAN: "424242******4242",
      debitAmount: { value: "50.00", currency: "EUR" },
      feeAmount: { value: "1.00", currency: "EUR" },
    });
  });

  it("challenge: the sandbox's page takes the one-time code, then the capture credits", async () => {
    const cardId = await card(alice.token, CARDS.challenge);
    const offerId = await offer(alice.token, cardId);
    const pay = (await x.payinPay(alice.token, offerId, { successUrl: "/top-up/card" })).json();
    expect(pay.transactionStatus).toBe("CHALLENGE");
    const path = new URL(pay.authLink).pathname;
    const page = await x.t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    const code = /data-testid="challenge-code">(\d{6})</.exec(page.body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const form = (body: string) =>
      x.t.app.inject({
        method: "POST",
        url: path,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: body,
      });
    const wrong = await form(`code=${code === "000000" ? "111111" : "000000"}`);
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain("That code is not right");
    const right = await form(`code=${code}`);
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toContain(`/top-up/card?offerId=${offerId}`);
    expect(await x.runCallbacks()).toEqual(["AUTHORISED", "CREDITED"]);
    expect((await x.payinStatus(alice.token, offerId)).json().status).toBe("SUCCESS");
  });

  it("once paid, the offer keeps its price: an update is 409 and the capture books what was charged", async () => {
    const cardId = await card(alice.token, CARDS.challenge);
    const offerId = await offer(alice.token, cardId, "50");
    const quoted = (await x.payinStatus(alice.token, offerId)).json();
    const reprice = () =>
      x.call(alice.token, "PUT", `/v3/payin/offer/${offerId}`, {
        fromCurrency: "EUR",
        toCurrency: "USDT",
        amount: "60",
      });
    const pay = (await x.payinPay(alice.token, offerId)).json();
    expect(pay.transactionStatus).toBe("CHALLENGE");
    const during = await reprice();
    expect(during.statusCode).toBe(409);
    expect(during.json()).toMatchObject({ error: "PAYMENT_STARTED", field: "offerId" });
    const challenge = await x.challenge(pay.authLink);
    expect((await challenge.submit(`code=${challenge.code}`)).statusCode).toBe(303);
    // Authorised, the capture not yet in: still no new price.
    const [authorised] = await x.takeJobs();
    expect((await x.post(JSON.stringify(authorised))).json().effect).toBe("AUTHORISED");
    expect((await reprice()).json()).toMatchObject({ error: "PAYMENT_STARTED" });
    expect(await x.runCallbacks()).toEqual(["CREDITED"]);
    expect((await x.payinStatus(alice.token, offerId)).json()).toMatchObject({
      status: "SUCCESS",
      amount: "50.00",
      cryptoAmount: quoted.cryptoAmount,
    });
    expect((await reprice()).statusCode).toBe(409);
  });

  it("a re-price that waited while pay started the payment is refused: PAYMENT_STARTED", async () => {
    const cardId = await card(alice.token, CARDS.frictionless);
    const offerId = await offer(alice.token, cardId, "50");
    const quoted = (await x.payinStatus(alice.token, offerId)).json();
    // The re-price reads the payment as not started, then waits for the offer's lock, which pay
    // holds while it marks the payment started.
    const held = await x.holdOffer(offerId);
    const update = x.call(alice.token, "PUT", `/v3/payin/offer/${offerId}`, {
      fromCurrency: "EUR",
      toCurrency: "USDT",
      amount: "60",
    });
    await held.waiters();
    await held.run("update card_payments set status = 'AUTHORISING' where offer_id = $1", [offerId]);
    await held.commit();
    const res = await update;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: "PAYMENT_STARTED", field: "offerId" });
    expect((await x.payinStatus(alice.token, offerId)).json()).toMatchObject({
      amount: "50.00",
      cryptoAmount: quoted.cryptoAmount,
    });
  });

  it("pay refuses an offer re-priced after it read it: OFFER_CHANGED, nothing started", async () => {
    const cardId = await card(alice.token, CARDS.frictionless);
    const offerId = await offer(alice.token, cardId, "50");
    const held = await x.holdOffer(offerId);
    const paying = x.payinPay(alice.token, offerId);
    await held.waiters();
    // A re-price committed meanwhile (at the same amounts: pay goes by the offer's version).
    await held.run("update quote_offers set updated_at = updated_at + interval '1 second' where id = $1", [
      offerId,
    ]);
    await held.commit();
    const res = await paying;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: "OFFER_CHANGED", field: "offerId" });
    const { rows } = await x.t.database.pool.query(
      `select p.status, (select count(*)::int from kyc_usage u where u.reference = p.id::text) as usage
       from card_payments p where p.offer_id = $1`,
      [offerId],
    );
    expect(rows).toEqual([{ status: "OFFERED", usage: 0 }]);
    // Paying again, on the offer as it now stands, goes through.
    const again = (await x.payinPay(alice.token, offerId)).json();
    expect(again).toMatchObject({ transactionAmount: "50.00", transactionStatus: "PENDING" });
    expect(await x.runCallbacks()).toEqual(["AUTHORISED", "CREDITED"]);
  });

  it("an offer that lapses while pay waits for its lock is refused OFFER_EXPIRED, not waited on", async () => {
    const cardId = await card(alice.token, CARDS.frictionless);
    const offerId = await offer(alice.token, cardId, "50");
    const held = await x.holdOffer(offerId);
    const paying = x.payinPay(alice.token, offerId);
    await held.waiters();
    x.clock.advance(25); // past the offer's 20 seconds
    await held.commit();
    const res = await paying;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: "OFFER_EXPIRED", field: "offerId" });
    // The next read marks it expired; the payment never started.
    expect((await x.payinPay(alice.token, offerId)).json()).toMatchObject({ error: "OFFER_EXPIRED" });
    const { rows } = await x.t.database.pool.query(
      "select o.status as offer, p.status as payment from quote_offers o join card_payments p on p.offer_id = o.id where o.id = $1",
      [offerId],
    );
    expect(rows).toEqual([{ offer: "expired", payment: "OFFERED" }]);
  }, 30_000);

  it.each([
    ["declined", CARDS.decline, "Your bank declined the payment"],
    ["insufficient funds", CARDS.insufficient, "insufficient funds"],
  ])(
    "%s: the error says why, nothing moves, the late callback changes nothing",
    async (_name, number, reason) => {
      const cardId = await card(bob.token, number);
      const offerId = await offer(bob.token, cardId);
      const ops = await x.t.database.pool.query("select count(*) from ledger_operations");
      const pay = (await x.payinPay(bob.token, offerId)).json();
      expect(pay.transactionStatus).toBe("FAILURE");
      expect(pay.reason).toContain(reason);
      expect(await x.runCallbacks()).toEqual(["STALE"]);
      expect((await x.t.database.pool.query("select count(*) from ledger_operations")).rows).toEqual(
        ops.rows,
      );
      expect((await x.payinStatus(bob.token, offerId)).json()).toMatchObject({ status: "FAILURE" });
      const row = (await x.d.history(bob.token, "typeFilter=PAYIN_CARD")).json().operations[0];
      expect(row).toMatchObject({ status: "FAILED" });
      expect(row.payinCardModel.failureReason).toContain(reason);
      const usage = await x.t.database.pool.query(
        "select count(*)::int as n from kyc_usage where customer_id = $1 and operation_type = 'PAYIN_CARD' and released_at is null",
        [bob.customerId],
      );
      expect(usage.rows[0].n).toBe(0);
      // The failed offer is not paid again.
      expect((await x.payinPay(bob.token, offerId)).json().transactionStatus).toBe("FAILURE");
    },
  );

  it("a failed challenge declines: nothing moves", async () => {
    const cardId = await card(bob.token, CARDS.challengeFails);
    const offerId = await offer(bob.token, cardId);
    const pay = (await x.payinPay(bob.token, offerId)).json();
    const path = new URL(pay.authLink).pathname;
    const code = /data-testid="challenge-code">(\d{6})</.exec(
      (await x.t.app.inject({ url: path })).body,
    )?.[1];
    const res = await x.t.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `code=${code}`,
    });
    expect(res.statusCode).toBe(303);
    expect(await x.runCallbacks()).toEqual(["DECLINED"]);
    expect((await x.payinStatus(bob.token, offerId)).json()).toMatchObject({
      status: "FAILURE",
      reason: expect.stringContaining("3-D Secure"),
    });
    expect(await x.balance(bob.token, "USDT")).toBe("0.000000");
  });

  it("an unanswered challenge ends: declined at its timeout, the limit released, the history says why", async () => {
    const pool = x.t.database.pool;
    const cardId = await card(bob.token, CARDS.challenge);
    const offerId = await offer(bob.token, cardId);
    const before = await x.balance(bob.token, "USDT");
    const pay = (await x.payinPay(bob.token, offerId)).json();
    expect(pay.transactionStatus).toBe("CHALLENGE");
    const held = () =>
      pool.query<{ n: number }>(
        "select count(*)::int as n from kyc_usage where reference = $1 and released_at is null",
        [pay.operationId],
      );
    expect((await held()).rows[0]?.n).toBe(1);
    // The acquirer's timeout is queued with the challenge, 15 minutes on.
    const { rows } = await pool.query<{ seconds: number }>(
      `select extract(epoch from j.run_at - now())::int as seconds from graphile_worker._private_jobs j
       join graphile_worker._private_tasks k on k.id = j.task_id join card_payments p on p.id = $1
       where k.identifier = 'acquirer_challenge_timeout' and j.payload->>'paymentId' = p.provider_ref`,
      [pay.operationId],
    );
    expect(rows[0]?.seconds).toBeGreaterThan(14 * 60);
    expect(rows[0]?.seconds).toBeLessThanOrEqual(15 * 60);
    expect(await x.runCallbacks()).toEqual([]);
    expect((await x.payinStatus(bob.token, offerId)).json().status).toBe("CHALLENGE");

    await x.expireChallenges();
    expect(await x.runCallbacks()).toEqual(["DECLINED"]);
    const status = (await x.payinStatus(bob.token, offerId)).json();
    expect(status).toMatchObject({
      status: "FAILURE",
      reason: expect.stringContaining("not completed in time"),
    });
    const row = (await x.d.history(bob.token, "typeFilter=PAYIN_CARD")).json().operations[0];
    expect(row).toMatchObject({ operationId: pay.operationId, status: "FAILED" });
    expect(row.payinCardModel.failureReason).toBe(status.reason);
    expect((await held()).rows[0]?.n).toBe(0);
    expect(await x.balance(bob.token, "USDT")).toBe(before);
    // The bank's page has closed: a code typed now changes nothing.
    const challenge = await x.challenge(pay.authLink);
    expect(challenge.page.body).toContain("This check is finished.");
    expect((await challenge.submit("code=123456")).statusCode).toBe(303);
    expect(await x.runCallbacks()).toEqual([]);
  });

  it("a challenge answered after its time is declined, even before the timeout job has run", async () => {
    const cardId = await card(bob.token, CARDS.challenge);
    const offerId = await offer(bob.token, cardId);
    const pay = (await x.payinPay(bob.token, offerId)).json();
    const challenge = await x.challenge(pay.authLink);
    // The sandbox's clock is its database's: the challenge began 16 minutes ago.
    await x.t.database.pool.query(
      "update sandbox_acquirer_payments set created_at = created_at - interval '16 minutes' where reference = $1",
      [pay.operationId],
    );
    expect((await challenge.submit(`code=${challenge.code}`)).statusCode).toBe(303);
    expect(await x.runCallbacks()).toEqual(["DECLINED"]);
    expect((await x.payinStatus(bob.token, offerId)).json().reason).toContain("not completed in time");
    // Its timeout job, run later, finds the challenge over.
    await x.expireChallenges();
    expect(await x.runCallbacks()).toEqual([]);
  });

  it("Cancel on the bank's page declines: the reason says so, nothing moves, the limit is released", async () => {
    const cardId = await card(bob.token, CARDS.challenge);
    const offerId = await offer(bob.token, cardId);
    const before = await x.balance(bob.token, "USDT");
    const pay = (await x.payinPay(bob.token, offerId, { successUrl: "/top-up/card" })).json();
    expect(pay.transactionStatus).toBe("CHALLENGE");
    const challenge = await x.challenge(pay.authLink);
    const cancelled = await challenge.submit("cancel=1");
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toContain(`/top-up/card?offerId=${offerId}`);
    expect(await x.runCallbacks()).toEqual(["DECLINED"]);
    expect((await x.payinStatus(bob.token, offerId)).json()).toMatchObject({
      status: "FAILURE",
      reason: "You cancelled the 3-D Secure check.",
    });
    const row = (await x.d.history(bob.token, "typeFilter=PAYIN_CARD")).json().operations[0];
    expect(row).toMatchObject({ operationId: pay.operationId, status: "FAILED" });
    expect(row.payinCardModel.failureReason).toBe("You cancelled the 3-D Secure check.");
    const usage = await x.t.database.pool.query(
      "select count(*)::int as n from kyc_usage where reference = $1 and released_at is null",
      [pay.operationId],
    );
    expect(usage.rows[0].n).toBe(0);
    expect(await x.balance(bob.token, "USDT")).toBe(before);
    // The page is closed now: a late code or a second Cancel changes nothing.
    expect((await challenge.submit(`code=${challenge.code}`)).statusCode).toBe(303);
    expect((await challenge.submit("cancel=1")).statusCode).toBe(303);
    expect(await x.runCallbacks()).toEqual([]);
  });

  it("refuses a lapsed offer (409), bad CVV or browser info (400 naming the field)", async () => {
    const cardId = await card(alice.token, CARDS.frictionless);
    const offerId = await offer(alice.token, cardId);
    const cvv = await x.payinPay(alice.token, offerId, { cardCVV: "12" });
    expect(cvv.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "cardCVV" });
    const browser = await x.payinPay(alice.token, offerId, { fingerprint: { colorDepth: 24 } });
    expect(browser.statusCode).toBe(400);
    expect(browser.json().field).toMatch(/^fingerprint\./);
    x.clock.advance(21);
    expect((await x.payinPay(alice.token, offerId)).json()).toMatchObject({
      error: "OFFER_EXPIRED",
      field: "offerId",
    });
  });
});

describe("the merchant's feature flags (spec §3)", () => {
  it("card pay-in and payout switched off: every new call refused with the reason, gone from the catalog", async () => {
    const cardId = await card(alice.token, CARDS.frictionless);
    const payoutCard = (
      await x.addPayoutCard(alice.token, CARDS.frictionless, { billingAddress: ADDRESS })
    ).json().cardId;
    expect((await x.faucet(alice.phone, "USDT", "10")).statusCode).toBe(200);
    // An offer priced before the switch, and a pay-in under way: what the customer has stays in sight.
    const payoutOffer = (await x.payoutOffer(alice.token, payoutCard, "5")).json().offerId;
    const started = await offer(alice.token, cardId);
    expect((await x.payinPay(alice.token, started)).json().transactionStatus).toBe("PENDING");
    const pool = x.t.database.pool;
    const { rows } = await pool.query<{ merchant_id: string; level: string; allowed: string[] }>(
      "select merchant_id, level, allowed from merchant_feature_flags where level = 'ALL'",
    );
    const demo = rows[0];
    if (!demo) throw new Error("no merchant with every feature");
    const payinData = () => x.call(alice.token, "GET", "/v3/payin/data");
    await setFeatureFlags(
      pool,
      demo.merchant_id,
      { level: "FULL", allowed: [] },
      async () => (await payinData()).statusCode === 403,
    );
    const refusal = { error: "OPERATION_DISABLED", data: { reason: "DISABLED" } };
    try {
      const calls = {
        "POST /v3/payin/card": await x.addPayinCard(alice.token, CARDS.challenge),
        "GET /v3/payin/data": await x.call(alice.token, "GET", "/v3/payin/data"),
        "POST /v3/payin/offer": await x.payinOffer(alice.token, cardId),
        "POST /v4/payout/card": await x.addPayoutCard(alice.token, CARDS.challenge),
        "GET /v4/payout/data": await x.call(alice.token, "GET", "/v4/payout/data", undefined, x.sdk),
        "POST /v4/payout/offer": await x.payoutOffer(alice.token, payoutCard, "5"),
        "POST /v4/payout/pay": await x.payoutPay(alice.token, payoutOffer),
      };
      for (const [call, res] of Object.entries(calls)) {
        expect(res.statusCode, call).toBe(403);
        expect(res.json(), call).toMatchObject({
          ...refusal,
          data: { ...refusal.data, operationType: call.includes("payin") ? "PAYIN_CARD" : "PAYOUT_CARD" },
        });
      }
      // Nothing was reserved for the refused payout.
      expect(await x.takeJobs()).toHaveLength(1);
      expect((await x.payinStatus(alice.token, started)).json().status).toBe("PENDING");
      // The merchant does not offer them: not in the catalog (clients leave their entries out).
      const catalog = (await x.call(alice.token, "GET", "/v2/catalog/operations")).json();
      const types = catalog.data.map((o: { operationType: string }) => o.operationType);
      expect(types).not.toContain("PAYIN_CARD");
      expect(types).not.toContain("PAYOUT_CARD");
      expect(types).toContain("EXCHANGE");
    } finally {
      await setFeatureFlags(
        pool,
        demo.merchant_id,
        { level: demo.level, allowed: demo.allowed },
        async () => (await payinData()).statusCode === 200,
      );
    }
    expect((await x.payinOffer(alice.token, cardId)).statusCode).toBe(200);
    expect((await x.call(alice.token, "GET", "/v3/payin/data")).statusCode).toBe(200);
  });

  it("under maintenance the data call still answers; pricing says why it cannot go on", async () => {
    const cardId = await card(alice.token, CARDS.frictionless);
    const pool = x.t.database.pool;
    const where =
      "operation_type = 'PAYIN_CARD' and merchant_id = (select merchant_id from customers where id = $1)";
    await pool.query(`update merchant_operations set operation_constraint = 'MAINTENANCE' where ${where}`, [
      alice.customerId,
    ]);
    try {
      // The catalog is cached a few seconds: wait until pricing sees the maintenance.
      await expect
        .poll(async () => (await x.payinOffer(alice.token, cardId)).statusCode, {
          timeout: 10_000,
          interval: 500,
        })
        .toBe(503);
      expect((await x.call(alice.token, "GET", "/v3/payin/data")).statusCode).toBe(200);
      expect((await x.addPayinCard(alice.token, CARDS.frictionless)).statusCode).toBe(200);
    } finally {
      await pool.query(`update merchant_operations set operation_constraint = 'NONE' where ${where}`, [
        alice.customerId,
      ]);
    }
  });
});
