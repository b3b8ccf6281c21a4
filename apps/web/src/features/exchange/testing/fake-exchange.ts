import { type Handler, installFakeAccounts, jsonResponse } from "../../../test/fake-accounts.ts";
import { USDT, wallet, wallets } from "../../../test/fake-wallets.ts";
import type { ExchangeExecution, ExchangeOffer, ExchangePair, OfferRequest } from "../api/exchange-calls.ts";

export const USDT_EUR: ExchangePair = {
  currencyFrom: "USDT",
  currencyTo: "EUR",
  rate: "0.9",
  rateScale: 10,
  minAmountFrom: "1.000000",
  maxAmountFrom: "10000.000000",
  minAmountTo: "0.57",
  maxAmountTo: "8992.17",
  allAmountFrom: "250.000000",
  amountScaleFrom: 6,
  amountScaleTo: 2,
  lock: false,
};

/** The reverse pair: EUR for USDT. */
export const EUR_USDT: ExchangePair = {
  ...USDT_EUR,
  currencyFrom: "EUR",
  currencyTo: "USDT",
  rate: "1.1",
  minAmountFrom: "1.00",
  maxAmountFrom: "9000.00",
  minAmountTo: "1.090000",
  maxAmountTo: "9801.000000",
  allAmountFrom: "10.00",
  amountScaleFrom: 2,
  amountScaleTo: 6,
};

/** A customer with 250 USDT and 10 EUR. */
export const WALLETS = wallets(
  [
    wallet({ ...USDT, allowOperations: ["EXCHANGE"] }),
    wallet({
      id: "2b0c7d3e-8f4a-4b1e-9a2d-3c4e5f6a7b8c",
      name: "Euro",
      currency: "EUR",
      scale: 2,
      balance: "10.00",
      balanceString: "10.00",
      availableBalance: "10.00",
      address: "",
      network: null,
      networkName: null,
      requiredConfirmations: null,
      allowOperations: ["EXCHANGE"],
      fiat: { customerCurrency: "EUR", amount: "10.00", rate: "1" },
    }),
  ],
  "240.00",
);

/** The offer the fake server quotes for a request: 100 USDT → 89.25 EUR, whichever side is typed. */
export function offerFor(body: OfferRequest, offerId: string, rate = "0.9"): ExchangeOffer {
  return {
    offerId,
    expirationDateTime: "2030-01-01T00:00:20Z",
    exchangeRate: rate,
    validSeconds: 20,
    sourceCurrencyAmount: { amount: body.amountFrom ?? "100.000000", currencyCode: body.currencyFrom },
    targetCurrencyAmount: { amount: body.amountTo ?? "89.25", currencyCode: body.currencyTo },
    fixedSide: body.amountFrom ? "FROM" : "TO",
    feeAmount: { amount: "0.820000", currencyCode: body.currencyFrom },
    feeInfo: [
      { type: "TransactionFee", value: "0.5" },
      { type: "AdditionalFee", value: "0" },
    ],
  };
}

export function execution(offer: ExchangeOffer): ExchangeExecution {
  return {
    offerId: offer.offerId,
    status: "SUCCESS",
    operationId: "0190f4d2-0000-7000-8000-0000000000aa",
    createdAt: "2026-11-20T10:15:00.000Z",
    exchangeRate: offer.exchangeRate,
    sourceCurrencyAmount: offer.sourceCurrencyAmount,
    targetCurrencyAmount: offer.targetCurrencyAmount,
    feeAmount: offer.feeAmount,
    feeInfo: offer.feeInfo,
  };
}

/**
 * The signed-in app's fake server (configuration service, session, the shared fake accounts)
 * with the customer's wallets and the pairs, plus the calls a test names
 * ("POST /v1/mobile/exchange/offer"...). Every request is kept, so a test can read bodies.
 */
export function installFakeExchange(handlers: Record<string, Handler>) {
  const { find } = installFakeAccounts({
    "GET /v3/wallets": () => jsonResponse(200, WALLETS),
    "GET /v2/exchange/currencies": () => jsonResponse(200, { pairs: [USDT_EUR] }),
    ...handlers,
  });
  const bodies = (method: string, path: string) => Promise.all(find(method, path).map((r) => r.json()));
  return { find, bodies };
}
