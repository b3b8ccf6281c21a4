import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import type { Json } from "../../db/json.ts";
import { rateToString } from "../rates/index.ts";
import { feeInfo } from "./fees.ts";
import { OFFER_KIND_TABLE } from "./offer-kinds.ts";
import type { PricedQuote } from "./quote-pricing.ts";
import type { OfferRow, PricedOfferRow } from "./quotes.repository.ts";
import type { ExecuteOfferResponse, OfferResponse } from "./quotes.schemas.ts";

/** Decimals of a rate on the wire (the pairs' rateScale). */
export const RATE_DECIMALS = 10;

const amountOf = (minor: bigint, currency: string) => ({
  amount: toDecimalString(minor, currency as CurrencyCode),
  currencyCode: currency,
});

/** A priced quote as the offer row to store (ids, customer and validity added by the caller). */
export function rowOf(
  priced: PricedQuote,
  offer: Pick<PricedOfferRow, "merchantId" | "id" | "customerId" | "kind" | "expiresAt">,
): PricedOfferRow {
  return {
    ...offer,
    currencyFrom: priced.from,
    currencyTo: priced.to,
    fixedSide: priced.fixedSide,
    amountFrom: priced.fromAmount,
    amountTo: priced.toAmount,
    converted: priced.converted,
    houseRemainder: priced.houseRemainder,
    feeTransaction: priced.fees.transaction,
    feeAdditional: priced.fees.additional,
    feeFix: priced.fees.fix,
    feeTotal: priced.fees.total,
    transactionBps: Number(priced.fees.transactionBps),
    additionalBps: Number(priced.fees.additionalBps),
    promoApplied: priced.fees.promoApplied,
    rate: priced.rate.value,
    midRate: priced.midRate.value,
  };
}

/** The stored offer back as the engine's priced quote: what `legsOf` moves at execution. */
export function pricedOf(row: OfferRow): PricedQuote {
  return {
    from: row.currencyFrom as CurrencyCode,
    to: row.currencyTo as CurrencyCode,
    fixedSide: row.fixedSide,
    fromAmount: row.amountFrom,
    toAmount: row.amountTo,
    rate: { value: row.rate },
    midRate: { value: row.midRate },
    fees: {
      transaction: row.feeTransaction,
      additional: row.feeAdditional,
      fix: row.feeFix,
      total: row.feeTotal,
      transactionBps: BigInt(row.transactionBps),
      additionalBps: BigInt(row.additionalBps),
      promoApplied: row.promoApplied,
    },
    converted: row.converted,
    houseRemainder: row.houseRemainder,
  };
}

const feeInfoOf = (row: OfferRow) =>
  feeInfo({ transactionBps: BigInt(row.transactionBps), additionalBps: BigInt(row.additionalBps) });

export function offerView(row: OfferRow): OfferResponse {
  return {
    offerId: row.id,
    expirationDateTime: row.expiresAt.toISOString(),
    exchangeRate: rateToString({ value: row.rate }, RATE_DECIMALS),
    validSeconds: OFFER_KIND_TABLE.EXCHANGE.validSeconds,
    sourceCurrencyAmount: amountOf(row.amountFrom, row.currencyFrom),
    targetCurrencyAmount: amountOf(row.amountTo, row.currencyTo),
    fixedSide: row.fixedSide === "from" ? "FROM" : "TO",
    feeAmount: amountOf(row.feeTotal, row.currencyFrom),
    feeInfo: feeInfoOf(row),
  };
}

/** The execution's answer: the receipt (stored with the ledger operation, replayed as is). */
export function receiptOf(row: OfferRow, operationId: string, createdAt: Date): ExecuteOfferResponse & Json {
  return {
    offerId: row.id,
    status: "SUCCESS",
    operationId,
    createdAt: createdAt.toISOString(),
    exchangeRate: rateToString({ value: row.rate }, RATE_DECIMALS),
    sourceCurrencyAmount: amountOf(row.amountFrom, row.currencyFrom),
    targetCurrencyAmount: amountOf(row.amountTo, row.currencyTo),
    feeAmount: amountOf(row.feeTotal, row.currencyFrom),
    feeInfo: feeInfoOf(row),
  };
}
