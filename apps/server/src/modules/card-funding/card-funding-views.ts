import { type CurrencyCode, getCurrency, roundToDisplay } from "@kestrel/money";
import type { Rate } from "../../providers/rates/rates-provider.ts";
import type { CardRow } from "../cards/index.ts";
import { money } from "../history/index.ts";
import { feeInfo, OFFER_KIND_TABLE, type OfferRow, type PairTerms } from "../quotes/index.ts";
import { convertMinor, rateToString } from "../rates/index.ts";
import type { CardOperationRow } from "./card-funding.repository.ts";
import { DECLINE_TEXT } from "./card-rules.ts";

const RATE_DECIMALS = 10;

export const maskedNumber = (card: Pick<CardRow, "last4">) => `•••• •••• •••• ${card.last4}`;

const percents = (bps: { transactionBps: bigint; additionalBps: bigint }) => {
  const [transaction, additional] = feeInfo(bps);
  return { transactionFee: transaction?.value ?? "0.00", additionalFee: additional?.value ?? "0.00" };
};

/** A pair of the payload data (reference §4.16): rate, scales, bounds both ways, fees as percents. */
export function pairView(terms: PairTerms, bid: Rate, walletAvailable: bigint) {
  const scale = (c: string) => getCurrency(c as CurrencyCode)?.scale ?? 0;
  const to = (amount: bigint) => money(convertMinor(amount, terms.from, terms.to, bid), terms.to).value;
  return {
    currencyFrom: terms.from,
    currencyTo: terms.to,
    rate: rateToString(bid, RATE_DECIMALS),
    amountScaleFrom: scale(terms.from),
    amountScaleTo: scale(terms.to),
    lock: terms.locked,
    fromLimits: {
      min: money(terms.minFrom, terms.from).value,
      max: money(terms.maxFrom, terms.from).value,
      // In the shown decimals, as offers are priced (docs/quotes.md "Display precision").
      all: money(
        roundToDisplay(walletAvailable < terms.maxFrom ? walletAvailable : terms.maxFrom, terms.from, "down"),
        terms.from,
      ).value,
    },
    // Before fees: what the bounds are worth at the rate (the offer says what arrives).
    toLimits: { min: to(terms.minFrom), max: to(terms.maxFrom), all: null },
    fees: percents({ transactionBps: terms.fees.transactionBps, additionalBps: terms.fees.additionalBps }),
    fixFee: money(terms.fees.fixFeeEur, "EUR").value,
  };
}

export const rateOf = (offer: OfferRow) => ({
  sourceCurrency: offer.currencyFrom,
  targetCurrency: offer.currencyTo,
  rate: rateToString({ value: offer.rate }, RATE_DECIMALS),
  multiplier: 1,
});

/** An offer as the reference's payload offer: from, to, fees, rate, whether the wallet covers it. */
export function offerView(offer: OfferRow, card: CardRow, possibleToExecute: boolean) {
  return {
    offerId: offer.id,
    cardId: card.id,
    expirationTime: offer.expiresAt.toISOString(),
    validSeconds: OFFER_KIND_TABLE.CARD_PAYLOAD.validSeconds,
    fixedSide: offer.fixedSide,
    from: money(offer.amountFrom, offer.currencyFrom),
    to: money(offer.amountTo, offer.currencyTo),
    fees: {
      transactionFee: money(offer.feeTransaction, offer.currencyFrom),
      additionalFee: money(offer.feeAdditional, offer.currencyFrom),
      fixFee: money(offer.feeFix, offer.currencyFrom),
    },
    feeAmount: money(offer.feeTotal, offer.currencyFrom),
    feePercents: percents({
      transactionBps: BigInt(offer.transactionBps),
      additionalBps: BigInt(offer.additionalBps),
    }),
    rate: { value: rateToString({ value: offer.rate }, RATE_DECIMALS), currency: offer.currencyTo },
    possibleToExecute,
  };
}

/** The confirm's answer (stored with the operation, replayed as is). */
export function receiptOf(v: { offer: OfferRow; card: CardRow; operationId: string; at: Date }) {
  const { offer } = v;
  return {
    result: "ok" as const,
    operationId: v.operationId,
    offerId: offer.id,
    cardId: v.card.id,
    cardNumber: maskedNumber(v.card),
    amount: money(offer.amountTo, offer.currencyTo),
    from: money(offer.amountFrom, offer.currencyFrom),
    feeAmount: money(offer.feeTotal, offer.currencyFrom),
    rate: rateToString({ value: offer.rate }, RATE_DECIMALS),
    status: "COMPLETED" as const,
    createdAt: v.at.toISOString(),
  };
}

/** A card history row as the customer reads it. */
export function cardOperationView(r: CardOperationRow) {
  return {
    operationId: r.id,
    type: r.kind,
    status: r.status,
    amount: money(r.amount, r.currency),
    direction: r.kind === "PURCHASE" ? ("OUT" as const) : ("IN" as const),
    description: r.description,
    declineReason: r.declineReason,
    declineMessage: r.declineReason ? DECLINE_TEXT[r.declineReason] : null,
    operationDate: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    details: r.details,
  };
}
