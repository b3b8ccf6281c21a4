import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ExchangeTest, exchangeTestApp } from "./exchange.test-helpers.ts";

type Customer = { phone: string; token: string; customerId: string };
let x: ExchangeTest;
let alice: Customer;
let bob: Customer;

beforeAll(async () => {
  x = await exchangeTestApp();
  [alice, bob] = await Promise.all([x.d.verified(), x.d.verified()]);
  expect((await x.d.faucet(alice.phone, "USDT", "1000")).statusCode).toBe(200);
});
afterAll(() => x.t.close());

const usdtToEur = (amountFrom = "100") => ({ currencyFrom: "USDT", currencyTo: "EUR", amountFrom });

describe("GET /v2/exchange/currencies", () => {
  it("lists the pairs with the spread-included rate, bounds, what they deliver, scales and the balance", async () => {
    const res = await x.pairs(alice.token, "?coinPairs=USDT_EUR,BTC_EUR");
    expect(res.statusCode).toBe(200);
    const { pairs } = res.json();
    expect(pairs.map((p: { currencyFrom: string }) => p.currencyFrom)).toEqual(["BTC", "USDT"]);
    const usdt = pairs[1];
    expect(usdt).toMatchObject({
      currencyTo: "EUR",
      rateScale: 10,
      minAmountFrom: "1.000000",
      maxAmountFrom: "10000.000000",
      allAmountFrom: "1000.000000",
      amountScaleFrom: 6,
      amountScaleTo: 2,
      lock: false,
    });
    expect(usdt.rate).toMatch(/^0\.\d+$/);
    expect(usdt.minAmountTo).toMatch(/^0\.\d{2}$/);
    const all = (await x.pairs(alice.token)).json().pairs;
    expect(all).toHaveLength(56); // 8 currencies, each to the 7 others
  });

  it("offers 'all' of a finer balance in the shown decimals, and that amount prices and executes", async () => {
    const dave = await x.d.verified();
    expect((await x.d.faucet(dave.phone, "USDT", "994.673715")).statusCode).toBe(200);
    const usdt = (await x.pairs(dave.token, "?coinPairs=USDT_EUR")).json().pairs[0];
    expect(usdt.allAmountFrom).toBe("994.670000");
    const offer = (await x.create(dave.token, usdtToEur(usdt.allAmountFrom))).json();
    expect(offer.sourceCurrencyAmount.amount).toBe("994.670000");
    expect((await x.execute(dave.token, offer.offerId)).statusCode).toBe(200);
    expect(await x.balance(dave.token, "USDT")).toBe("0.003715");
  });

  it("refuses a malformed pair filter naming it", async () => {
    const res = await x.pairs(alice.token, "?coinPairs=usdt-eur");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "coinPairs.0" });
  });
});

describe("offers", () => {
  it("creates an offer valid 20 seconds, with the fees, the rate and either side typed", async () => {
    const res = await x.create(alice.token, usdtToEur());
    expect(res.statusCode).toBe(200);
    const offer = res.json();
    expect(offer).toMatchObject({
      validSeconds: 20,
      fixedSide: "FROM",
      sourceCurrencyAmount: { amount: "100.000000", currencyCode: "USDT" },
      feeAmount: { amount: "0.500000", currencyCode: "USDT" },
      feeInfo: [
        { type: "TransactionFee", value: "0.50" },
        { type: "AdditionalFee", value: "0.00" },
      ],
    });
    const lifetime = Date.parse(offer.expirationDateTime) - x.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(18_000);
    expect(lifetime).toBeLessThanOrEqual(20_000);
    expect(offer.targetCurrencyAmount.amount).toMatch(/^\d+\.\d{2}$/);

    const toSide = (
      await x.create(alice.token, { currencyFrom: "USDT", currencyTo: "EUR", amountTo: "50" })
    ).json();
    expect(toSide.fixedSide).toBe("TO");
    expect(toSide.targetCurrencyAmount.amount).toBe("50.00");
  });

  it("prices at the shown decimals: paid and fee rounded up, received rounded down (spec §5)", async () => {
    const zeros = (amount: string, shown: number) => amount.split(".")[1]?.slice(shown) ?? "";
    const carol = await x.d.verified(); // her own wallets: the other tests count alice's
    expect((await x.d.faucet(carol.phone, "USDT", "100")).statusCode).toBe(200);
    const typed = (
      await x.create(carol.token, { currencyFrom: "USDT", currencyTo: "ETH", amountFrom: "10.123" })
    ).json();
    // A typed 10.123 USDT (6 places) is priced as 10.13: what the customer pays, rounded up.
    expect(typed.sourceCurrencyAmount).toEqual({ amount: "10.130000", currencyCode: "USDT" });
    expect(zeros(typed.feeAmount.amount, 2)).toMatch(/^0*$/);
    expect(zeros(typed.targetCurrencyAmount.amount, 8)).toMatch(/^0{10}$/);
    expect(typed.targetCurrencyAmount.amount).not.toBe("0.000000000000000000");

    const toSide = (
      await x.create(carol.token, { currencyFrom: "USDT", currencyTo: "ETH", amountTo: "0.001234567891" })
    ).json();
    expect(zeros(toSide.sourceCurrencyAmount.amount, 2)).toMatch(/^0{4}$/);
    // The typed 12 places cannot be shown: at least the shown amount at or above them is
    // delivered (a cent of USDT buys more than one shown step of ETH, so it may be a little more).
    const received = toSide.targetCurrencyAmount.amount;
    expect(zeros(received, 8)).toMatch(/^0{10}$/);
    expect(received >= "0.001234570000000000").toBe(true);

    const before = await x.balance(carol.token, "USDT");
    const res = await x.execute(carol.token, toSide.offerId);
    expect(res.statusCode).toBe(200);
    // What was shown is what moved: the wallet lost exactly the quoted, shown amount.
    const minor = (amount: string) => BigInt(amount.replace(".", ""));
    const paid = minor(toSide.sourceCurrencyAmount.amount);
    expect(minor(await x.balance(carol.token, "USDT"))).toBe(minor(before) - paid);
    expect(await x.balance(carol.token, "ETH")).toBe(received);
  });

  it("re-prices an open offer on update with a new validity, and renews one that lapsed", async () => {
    const offer = (await x.create(alice.token, usdtToEur())).json();
    x.clock.advance(25); // lapsed, never executed: an update renews it
    const res = await x.update(alice.token, { offerId: offer.offerId, ...usdtToEur("200") });
    expect(res.statusCode).toBe(200);
    const renewed = res.json();
    expect(renewed.offerId).toBe(offer.offerId);
    expect(renewed.sourceCurrencyAmount.amount).toBe("200.000000");
    expect(Date.parse(renewed.expirationDateTime)).toBeGreaterThan(x.clock.now().getTime() + 18_000);
  });

  it("answers another customer's offer 404 on update and execute, changing nothing", async () => {
    const offer = (await x.create(alice.token, usdtToEur())).json();
    const update = await x.update(bob.token, { offerId: offer.offerId, ...usdtToEur() });
    expect(update.statusCode).toBe(404);
    expect(update.json()).toMatchObject({ error: "OFFER_NOT_FOUND", field: "offerId" });
    const execute = await x.execute(bob.token, offer.offerId);
    expect(execute.statusCode).toBe(404);
    expect(await x.traces(bob.customerId)).toEqual({ ops: "0", history: "0", usage: "0" });
    expect(await x.balance(alice.token, "USDT")).toBe("1000.000000");
  });

  it.each([
    [{ currencyFrom: "USDT", currencyTo: "EUR", amountFrom: "abc" }, "amountFrom"],
    [{ currencyFrom: "USDT", currencyTo: "EUR", amountFrom: 100 }, "amountFrom"],
    [{ currencyFrom: "USDT", currencyTo: "EUR", amountFrom: "1.1234567" }, "amountFrom"],
    [{ currencyFrom: "USDT", currencyTo: "EUR", amountFrom: "-5" }, "amountFrom"],
    [{ currencyFrom: "USDT", currencyTo: "EUR" }, "amountFrom"],
    [{ currencyFrom: "USDT", currencyTo: "EUR", amountFrom: "1", amountTo: "1" }, "amountTo"],
    [{ currencyFrom: "usdt", currencyTo: "EUR", amountFrom: "1" }, "currencyFrom"],
    [{ currencyFrom: "SOL", currencyTo: "EUR", amountFrom: "1" }, "currencyFrom"],
    [{ currencyFrom: "EUR", currencyTo: "EUR", amountFrom: "1" }, "currencyTo"],
    [{ currencyFrom: "USDT", currencyTo: "EUR", amountFrom: "1", rate: "2" }, "rate"],
  ] as [Record<string, unknown>, string][])("refuses %o with 400 naming %s", async (body, field) => {
    const res = await x.create(alice.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field });
  });

  it("refuses malformed update and execute calls naming the field", async () => {
    const update = await x.update(alice.token, usdtToEur());
    expect(update.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "offerId" });
    const badId = await x.execute(alice.token, "not-an-offer");
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ field: "offerId" });
    const offer = (await x.create(alice.token, usdtToEur())).json();
    const noKey = await x.execute(alice.token, offer.offerId, null);
    expect(noKey.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "Idempotency-Key" });
    expect(await x.balance(alice.token, "USDT")).toBe("1000.000000");
  });

  it("refuses amounts outside the pair's bounds with the bounds", async () => {
    const small = await x.create(alice.token, usdtToEur("0.5"));
    expect(small.statusCode).toBe(422);
    expect(small.json()).toMatchObject({ error: "AMOUNT_TOO_SMALL", field: "amountFrom" });
    expect(small.json().data).toMatchObject({ minAmountFrom: "1.000000", currency: "USDT" });
  });
});

describe("execute", () => {
  it("moves exactly the quoted amounts once, writes the history item and keeps the ledger whole", async () => {
    const offer = (await x.create(alice.token, usdtToEur("100"))).json();
    const res = await x.execute(alice.token, offer.offerId);
    expect(res.statusCode).toBe(200);
    const receipt = res.json();
    expect(receipt).toMatchObject({
      offerId: offer.offerId,
      status: "SUCCESS",
      exchangeRate: offer.exchangeRate,
      sourceCurrencyAmount: offer.sourceCurrencyAmount,
      targetCurrencyAmount: offer.targetCurrencyAmount,
      feeAmount: offer.feeAmount,
    });
    expect(await x.balance(alice.token, "USDT")).toBe("900.000000");
    // Alice's first EUR: the wallet was opened for the exchange and holds exactly what was quoted.
    expect(await x.balance(alice.token, "EUR")).toBe(offer.targetCurrencyAmount.amount);

    const [item] = (await x.d.history(alice.token, "typeFilter=EXCHANGE")).json().operations;
    expect(item).toMatchObject({
      operationId: receipt.operationId,
      type: "EXCHANGE",
      status: "COMPLETED",
      amount: "100.000000",
      currency: "USDT",
      fee: "0.500000",
      exchangeModel: {
        debitAmount: { value: "100.000000", currency: "USDT" },
        creditAmount: { value: offer.targetCurrencyAmount.amount, currency: "EUR" },
        exchangeRate: {
          sourceCurrency: "USDT",
          targetCurrency: "EUR",
          rate: offer.exchangeRate,
          multiplier: 1,
        },
      },
      sendToPhoneModel: null,
    });
    await x.d.expectInvariants();
  });

  it("answers a second execute with the same key from the store, and another key 409", async () => {
    const offer = (await x.create(alice.token, usdtToEur("10"))).json();
    const first = await x.execute(alice.token, offer.offerId);
    const again = await x.execute(alice.token, offer.offerId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers["idempotent-replayed"]).toBe("true");
    const other = await x.execute(alice.token, offer.offerId, x.nextKey());
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: "OFFER_ALREADY_EXECUTED", field: "offerId" });
    const update = await x.update(alice.token, { offerId: offer.offerId, ...usdtToEur("10") });
    expect(update.json()).toMatchObject({ error: "OFFER_ALREADY_EXECUTED" });
    expect(await x.balance(alice.token, "USDT")).toBe("890.000000");
  });

  it("refuses an offer past its validity on the test's clock, and then refuses to renew it", async () => {
    const offer = (await x.create(alice.token, usdtToEur("10"))).json();
    x.clock.advance(19);
    x.clock.advance(2);
    const res = await x.execute(alice.token, offer.offerId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "OFFER_EXPIRED", field: "offerId" });
    expect(await x.balance(alice.token, "USDT")).toBe("890.000000");
    const renew = await x.update(alice.token, { offerId: offer.offerId, ...usdtToEur("10") });
    expect(renew.statusCode).toBe(409);
    expect(renew.json()).toMatchObject({ error: "OFFER_EXPIRED" });
  });
});
