import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { at, merchantKey, minor, updatedAt } from "./columns.ts";
import { customers } from "./customers.ts";
import { merchants } from "./merchants.ts";

/**
 * Kinds of offer the quote engine prices: exchange, exchange into an IBAN, card-order payment, card
 * pay-in (fiat → crypto), card payout (crypto → fiat), a prepaid card's top-up from crypto.
 */
export const OFFER_KINDS = [
  "EXCHANGE",
  "EXCHANGE_IBAN",
  "CARD_ORDER",
  "PAYIN_CARD",
  "PAYOUT_CARD",
  "CARD_PAYLOAD",
] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/**
 * open: priced, may be updated or executed (until expires_at); expired: refused at execution for
 * lapsing (only an update re-prices, a new offer is needed after this); executed: applied once;
 * failed: an outside party refused it (pay-in, payout; an exchange never fails after pricing).
 */
export const OFFER_STATUSES = ["open", "expired", "executed", "failed"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * What became of the free transaction an offer was priced with: none (not priced free, or not paid
 * yet), used (counted down at pay or execution), returned (its payment failed and moved no money,
 * so it was counted back up). Kept on the offer so a second failure report gives back nothing more.
 */
export const PROMO_STATES = ["none", "used", "returned"] as const;
export type PromoState = (typeof PROMO_STATES)[number];

/**
 * A merchant's terms for one pair of one kind of offer: the bounds of the from-amount, whether the
 * pair is closed for now, and the fees of spec §3 (FeeSettings of quotes/fees.ts, validated when
 * read). `fees.freeTransactionsPromo.available` is what each customer starts with; their use is
 * counted in quote_promo_usage.
 */
export const quotePairs = pgTable(
  "quote_pairs",
  {
    merchantId: merchantKey().references(() => merchants.id),
    kind: text("kind").$type<OfferKind>().notNull(),
    currencyFrom: text("currency_from").notNull(),
    currencyTo: text("currency_to").notNull(),
    /** Minor units of currency_from, both included. */
    minAmountFrom: minor("min_amount_from").notNull(),
    maxAmountFrom: minor("max_amount_from").notNull(),
    locked: boolean("locked").notNull().default(false),
    fees: jsonb("fees").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.kind, t.currencyFrom, t.currencyTo] }),
    check("quote_pairs_kind", sql`${t.kind} in (${sql.raw(OFFER_KINDS.map((k) => `'${k}'`).join(", "))})`),
    check("quote_pairs_two_currencies", sql`${t.currencyFrom} <> ${t.currencyTo}`),
    check("quote_pairs_bounds", sql`${t.minAmountFrom} > 0 and ${t.maxAmountFrom} >= ${t.minAmountFrom}`),
  ],
);

/**
 * An offer: a priced conversion for one customer, executed at most once at exactly these amounts.
 * Amounts are minor units; rates are value / 10^18 (providers/rates).
 */
export const quoteOffers = pgTable(
  "quote_offers",
  {
    merchantId: merchantKey(),
    id: uuid("id").notNull(),
    customerId: uuid("customer_id").notNull(),
    kind: text("kind").$type<OfferKind>().notNull(),
    status: text("status").$type<OfferStatus>().notNull(),
    currencyFrom: text("currency_from").notNull(),
    currencyTo: text("currency_to").notNull(),
    fixedSide: text("fixed_side").$type<"from" | "to">().notNull(),
    /** Debited from the customer: converted + fee_total + house_remainder. */
    amountFrom: minor("amount_from").notNull(),
    amountTo: minor("amount_to").notNull(),
    converted: minor("converted").notNull(),
    houseRemainder: minor("house_remainder").notNull(),
    feeTransaction: minor("fee_transaction").notNull(),
    feeAdditional: minor("fee_additional").notNull(),
    feeFix: minor("fee_fix").notNull(),
    feeTotal: minor("fee_total").notNull(),
    transactionBps: integer("transaction_bps").notNull(),
    additionalBps: integer("additional_bps").notNull(),
    /** A free transaction priced this offer: executing it uses one up. */
    promoApplied: boolean("promo_applied").notNull(),
    promoState: text("promo_state").$type<PromoState>().notNull().default("none"),
    rate: minor("rate").notNull(),
    midRate: minor("mid_rate").notNull(),
    expiresAt: at("expires_at").notNull(),
    /** The ledger operation that executed it. */
    operationId: uuid("operation_id"),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    foreignKey({
      name: "quote_offers_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    index("quote_offers_customer").on(t.merchantId, t.customerId, t.createdAt),
    check("quote_offers_kind", sql`${t.kind} in (${sql.raw(OFFER_KINDS.map((k) => `'${k}'`).join(", "))})`),
    check("quote_offers_status", sql`${t.status} in ('open', 'expired', 'executed', 'failed')`),
    check("quote_offers_promo_state", sql`${t.promoState} in ('none', 'used', 'returned')`),
    check("quote_offers_fixed_side", sql`${t.fixedSide} in ('from', 'to')`),
    check("quote_offers_two_currencies", sql`${t.currencyFrom} <> ${t.currencyTo}`),
    check(
      "quote_offers_amounts",
      sql`${t.amountTo} > 0 and ${t.converted} > 0 and ${t.houseRemainder} >= 0 and ${t.feeTotal} >= 0
        and ${t.feeTotal} = ${t.feeTransaction} + ${t.feeAdditional} + ${t.feeFix}
        and ${t.amountFrom} = ${t.converted} + ${t.feeTotal} + ${t.houseRemainder}`,
    ),
    check("quote_offers_rates", sql`${t.rate} > 0 and ${t.midRate} > 0`),
    check(
      "quote_offers_executed_operation",
      sql`(${t.status} = 'executed') = (${t.operationId} is not null)`,
    ),
  ],
);

/** Free transactions a customer has used of a pair's promo (quote_pairs.fees). */
export const quotePromoUsage = pgTable(
  "quote_promo_usage",
  {
    merchantId: merchantKey(),
    customerId: uuid("customer_id").notNull(),
    kind: text("kind").$type<OfferKind>().notNull(),
    currencyFrom: text("currency_from").notNull(),
    currencyTo: text("currency_to").notNull(),
    used: integer("used").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.customerId, t.kind, t.currencyFrom, t.currencyTo] }),
    foreignKey({
      name: "quote_promo_usage_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    check("quote_promo_usage_used", sql`${t.used} > 0`),
  ],
);
