import { type CurrencyCode, getCurrency, toDecimalString } from "@kestrel/money";
import type { Json } from "../../db/json.ts";
import { money } from "../history/index.ts";
import {
  type FeeSchedule,
  feeInfo,
  formatBps,
  OFFER_KIND_TABLE,
  type OfferRow,
  type PairTerms,
} from "../quotes/index.ts";
import { rateToString } from "../rates/index.ts";
import type { CardRow } from "./acquiring.repository.ts";
import type { CardView } from "./acquiring.schemas.ts";

const RATE_DECIMALS = 10;
/** How long GET .../data is good for (reference example: 30). */
export const DATA_VALID_SECONDS = 30;
/** Shown next to the fees: the card's bank may charge on top of ours. */
export const PARTNER_NOTE = "The acquiring bank may add up to 2%.";

export const decimal = (minor: bigint, currency: string) => toDecimalString(minor, currency as CurrencyCode);

/** A saved card; `addressRequired`: the acquirer checks billing addresses (saved-cards.service.ts). */
export function cardView(card: CardRow, addressRequired: boolean): CardView {
  return {
    cardId: card.id,
    cardType: card.brand,
    maskedPan: card.maskedPan,
    cardHolder: card.holder,
    expirationMonth: card.expMonth,
    expirationYear: card.expYear,
    cardBankName: card.bankName,
    cardCountryCode: card.countryCode,
    validationStatus: "APPROVED",
    billingAddressRequired: addressRequired && card.billingAddress === null,
  };
}

/** Spec §3 fee info: `TransactionFee` / `AdditionalFee`, as every other offer names them. */
const feeInfoOf = (bps: { transactionBps: bigint; additionalBps: bigint }) =>
  feeInfo(bps).map((f) => ({
    name: f.type === "TransactionFee" ? "Transaction fee" : "Additional fee",
    type: f.type,
    value: f.value,
  }));

/**
 * A pair's fees as the merchant set them (spec §3 "fees"): the two percents, the fixed fee in EUR,
 * and the fee table, whose band holding the amount replaces the transaction percent when enabled.
 */
function feesView(fees: FeeSchedule) {
  return {
    transactionFee: formatBps(fees.transactionBps),
    additionalFee: formatBps(fees.additionalBps),
    fixFee: toDecimalString(fees.fixFeeEur, "EUR"),
    feeTableEnabled: fees.feeTableEnabled,
    feeTable: fees.feeTable.map((band) => ({
      percent: formatBps(band.bps),
      amountFrom: decimal(band.from, band.currency),
      amountTo: band.to === null ? null : decimal(band.to, band.currency),
      currency: band.currency,
    })),
  };
}

export function pairView(terms: PairTerms, rate: { value: bigint }) {
  const scale = (c: string) => getCurrency(c as CurrencyCode)?.scale ?? 0;
  return {
    currencyFrom: terms.from,
    currencyTo: terms.to,
    rate: rateToString(rate, RATE_DECIMALS),
    amountScaleFrom: scale(terms.from),
    amountScaleTo: scale(terms.to),
    lock: terms.locked,
    defaultMinAmountFrom: decimal(terms.minFrom, terms.from),
    defaultMaxAmountFrom: decimal(terms.maxFrom, terms.from),
    feeInfo: feeInfoOf({
      transactionBps: terms.fees.transactionBps,
      additionalBps: terms.fees.additionalBps,
    }),
    fixFee: toDecimalString(terms.fees.fixFeeEur, "EUR"),
    fees: feesView(terms.fees),
    freeTransactionsPromo: { total: terms.promoGranted, available: terms.fees.freeTransactionsAvailable },
  };
}

/** What a payment records of its offer once started: the amounts it was priced at. */
export function amountsOf(offer: OfferRow) {
  const { amountFrom, currencyFrom, amountTo, currencyTo } = offer;
  return { amountFrom, currencyFrom, amountTo, currencyTo };
}

export function offerView(offer: OfferRow, cardId: string, possibleToExecute: boolean) {
  return {
    offerId: offer.id,
    cardId,
    expirationTime: offer.expiresAt.toISOString(),
    validSeconds: OFFER_KIND_TABLE[offer.kind].validSeconds,
    fromCurrency: offer.currencyFrom,
    toCurrency: offer.currencyTo,
    amount: decimal(offer.amountFrom, offer.currencyFrom),
    amountTo: decimal(offer.amountTo, offer.currencyTo),
    rate: rateToString({ value: offer.rate }, RATE_DECIMALS),
    feeAmount: money(offer.feeTotal, offer.currencyFrom),
    feeInfo: feeInfoOf({
      transactionBps: BigInt(offer.transactionBps),
      additionalBps: BigInt(offer.additionalBps),
    }),
    possibleToExecute,
  };
}

/** The customer's history row of a card payment just started: PENDING until the acquirer answers. */
export function pendingHistoryEntry(p: {
  merchantId: string;
  customerId: string;
  paymentId: string;
  offer: OfferRow;
  card: CardRow;
  walletId: string;
}) {
  const { offer } = p;
  const payin = offer.kind === "PAYIN_CARD";
  return {
    merchantId: p.merchantId,
    customerId: p.customerId,
    operationId: p.paymentId,
    type: payin ? ("PAYIN_CARD" as const) : ("PAYOUT_CARD" as const),
    direction: payin ? ("IN" as const) : ("OUT" as const),
    status: "PENDING" as const,
    // A pay-in is seen as the crypto it brings, fee-free; a payout as the crypto it takes.
    currency: payin ? offer.currencyTo : offer.currencyFrom,
    amount: payin ? offer.amountTo : offer.amountFrom,
    fee: payin ? 0n : offer.feeTotal,
    counterparty: p.card.maskedPan,
    details: historyModel(offer, p.card, p.walletId, null),
  };
}

/** The reference's history model of a card payment (payinCardModel / payoutCardModel). */
function historyModel(
  offer: OfferRow,
  card: CardRow,
  walletId: string,
  failureReason: string | null,
): Record<string, Json> {
  const common = {
    debitAmount: money(offer.amountFrom, offer.currencyFrom),
    creditAmount: money(offer.amountTo, offer.currencyTo),
    feeAmount: money(offer.feeTotal, offer.currencyFrom),
    exchangeRate: {
      sourceCurrency: offer.currencyFrom,
      targetCurrency: offer.currencyTo,
      rate: rateToString({ value: offer.rate }, RATE_DECIMALS),
      multiplier: 1,
    },
    failureReason,
  };
  return offer.kind === "PAYIN_CARD"
    ? { fromCardPAN: card.maskedPan, toAddress: walletId, ...common }
    : { fromAddress: walletId, toCardPAN: card.maskedPan, ...common };
}
