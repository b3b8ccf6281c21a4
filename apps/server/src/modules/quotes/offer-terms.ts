import type { CurrencyCode } from "@kestrel/money";
import type { OfferKind } from "../../db/schema/index.ts";
import type { Merchant } from "../merchants/index.ts";
import type { RatesService } from "../rates/index.ts";
import { type FeeSchedule, FIX_FEE_CURRENCY, feeSettingsSchema, toFeeSchedule } from "./fees.ts";
import { type PricedQuote, priceQuote } from "./quote-pricing.ts";
import type { QuotePairRow, QuotesRepository } from "./quotes.repository.ts";

/** A pair's terms for one customer: bounds, lock, and fees with their free transactions left. */
export type PairTerms = {
  from: CurrencyCode;
  to: CurrencyCode;
  minFrom: bigint;
  maxFrom: bigint;
  locked: boolean;
  fees: FeeSchedule;
  /** Free transactions the pair grants each customer (quote_pairs.fees.freeTransactionsPromo). */
  promoGranted: number;
};

/** The stored terms with the customer's free transactions left; a bad stored setting fails loudly. */
export function termsOf(row: QuotePairRow, promoUsed: number): PairTerms {
  const settings = feeSettingsSchema.safeParse(row.fees);
  if (!settings.success) {
    throw new Error(
      `quote_pairs ${row.currencyFrom}_${row.currencyTo} has bad fees: ${settings.error.message}`,
    );
  }
  const granted = settings.data.freeTransactionsPromo.available;
  const left = Math.max(0, granted - promoUsed);
  return {
    from: row.currencyFrom as CurrencyCode,
    to: row.currencyTo as CurrencyCode,
    minFrom: row.minAmountFrom,
    maxFrom: row.maxAmountFrom,
    locked: row.locked,
    fees: { ...toFeeSchedule(settings.data), freeTransactionsAvailable: left },
    promoGranted: granted,
  };
}

/**
 * Prices against a merchant's terms, now: the merchant's bid (mid less its spread, `fxSpreadBps`),
 * and for a fixed fee the EUR mid rate. The one place an offer gets its price.
 */
export function createPricer(deps: { rates: RatesService; repository: QuotesRepository }) {
  return {
    async terms(merchant: Merchant, customerId: string, kind: OfferKind, from: string, to: string) {
      const [row, used] = await Promise.all([
        deps.repository.findPair(merchant.id, kind, from, to),
        deps.repository.promoUsed(merchant.id, customerId, kind),
      ]);
      return row ? termsOf(row, used.get(`${from}_${to}`) ?? 0) : undefined;
    },

    price(
      merchant: Merchant,
      terms: PairTerms,
      fixed: { side: "from" | "to"; amount: bigint },
      at: Date,
    ): PricedQuote {
      const rate = deps.rates.quote(terms.from, terms.to, merchant.fxSpreadBps, at);
      const needsEur = terms.fees.fixFeeEur > 0n && terms.from !== FIX_FEE_CURRENCY;
      const eurMid = needsEur ? deps.rates.quote(FIX_FEE_CURRENCY, terms.from, 0, at).mid : undefined;
      return priceQuote({
        from: terms.from,
        to: terms.to,
        rate,
        ...(eurMid ? { eurMid } : {}),
        fees: terms.fees,
        limits: { minFrom: terms.minFrom, maxFrom: terms.maxFrom },
        fixed,
        // What a person reads is what moves: amounts at the shown decimals (docs/quotes.md).
        precision: "display",
      });
    },
  };
}

export type Pricer = ReturnType<typeof createPricer>;
