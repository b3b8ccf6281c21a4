// The exchange calls' shapes, copied from the server's zod schemas
// (apps/server/src/modules/quotes/quotes.schemas.ts). They become the generated contract's types
// once the server's routes are in the contract. Amounts and rates are decimal strings.

export type MoneyAmount = { amount: string; currencyCode: string };

/** Percent with 2 places: "0.50" is 0.5 %. */
export type FeeInfoItem = { type: "TransactionFee" | "AdditionalFee"; value: string };

/** GET /v2/exchange/currencies: one pair the customer may exchange. */
export type ExchangePair = {
  currencyFrom: string;
  currencyTo: string;
  rate: string;
  rateScale: number;
  minAmountFrom: string;
  maxAmountFrom: string;
  minAmountTo: string;
  maxAmountTo: string;
  allAmountFrom: string;
  amountScaleFrom: number;
  amountScaleTo: number;
  lock: boolean;
};

export type ExchangePairs = { pairs: ExchangePair[] };

/** POST /v1/mobile/exchange/offer: exactly one of amountFrom and amountTo (the typed side). */
export type OfferRequest = {
  currencyFrom: string;
  currencyTo: string;
  amountFrom?: string;
  amountTo?: string;
};

/** PUT /v1/mobile/exchange/offer: the same, for an offer that exists. */
export type OfferUpdateRequest = OfferRequest & { offerId: string };

export type ExchangeOffer = {
  offerId: string;
  expirationDateTime: string;
  exchangeRate: string;
  validSeconds: number;
  sourceCurrencyAmount: MoneyAmount;
  targetCurrencyAmount: MoneyAmount;
  fixedSide: "FROM" | "TO";
  feeAmount: MoneyAmount;
  feeInfo: FeeInfoItem[];
};

/** PUT /v1/mobile/exchange/offer/{offerId}: the executed offer, the receipt's content. */
export type ExchangeExecution = {
  offerId: string;
  status: "SUCCESS";
  operationId: string;
  createdAt: string;
  exchangeRate: string;
  sourceCurrencyAmount: MoneyAmount;
  targetCurrencyAmount: MoneyAmount;
  feeAmount: MoneyAmount;
  feeInfo: FeeInfoItem[];
};
