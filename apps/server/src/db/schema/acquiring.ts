import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, merchantKey, minor, updatedAt } from "./columns.ts";
import { customers } from "./customers.ts";

// Card pay-in and payout (docs/payin-payout.md). The full card number never reaches a table:
// the acquirer keeps it and gives a token; we keep the token, the masked number and BIN data.
// The CHECKs on masked_pan and bin make a full number impossible to store here by mistake.

export const CARD_PURPOSES = ["PAYIN", "PAYOUT"] as const;
export type CardPurpose = (typeof CARD_PURPOSES)[number];

/** A customer's bank card, as the acquirer's token: for pay-in (charged) or payout (credited). */
export const paymentCards = pgTable(
  "payment_cards",
  {
    merchantId: merchantKey(),
    id: uuid("id").notNull(),
    customerId: uuid("customer_id").notNull(),
    purpose: text("purpose").$type<CardPurpose>().notNull(),
    acquirerToken: text("acquirer_token").notNull(),
    brand: text("brand").notNull(),
    /** First six and last four digits, the rest starred: 424242******4242. */
    maskedPan: text("masked_pan").notNull(),
    bin: text("bin").notNull(),
    bankName: text("bank_name").notNull(),
    countryCode: text("country_code").notNull(),
    countryName: text("country_name").notNull(),
    holder: text("holder").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    /** { address, city, countryCode, zip, state }; null until given. */
    billingAddress: jsonb("billing_address"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    foreignKey({
      name: "payment_cards_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    unique("payment_cards_once").on(t.merchantId, t.customerId, t.purpose, t.acquirerToken),
    check("payment_cards_purpose", sql`${t.purpose} in ('PAYIN', 'PAYOUT')`),
    check("payment_cards_masked", sql`${t.maskedPan} ~ '^[0-9]{6}[*]{2,9}[0-9]{4}$'`),
    check("payment_cards_bin", sql`${t.bin} ~ '^[0-9]{6}$'`),
    check("payment_cards_expiry", sql`${t.expMonth} between 1 and 12 and ${t.expYear} between 2000 and 2200`),
  ],
);

/**
 * OFFERED: priced with this card (the quote offer is open); AUTHORISING: sent to the acquirer;
 * CHALLENGE: waiting for the customer's 3-D Secure code; PENDING: waiting for the acquirer's
 * capture (pay-in) or the payout rail (payout); SUCCESS and FAILED are final.
 */
export const CARD_PAYMENT_STATUSES = [
  "OFFERED",
  "AUTHORISING",
  "CHALLENGE",
  "PENDING",
  "SUCCESS",
  "FAILED",
] as const;
export type CardPaymentStatus = (typeof CARD_PAYMENT_STATUSES)[number];

/** One card payment per quote offer; its id is also the ledger operation's and history's id. */
export const cardPayments = pgTable(
  "card_payments",
  {
    merchantId: merchantKey(),
    id: uuid("id").notNull(),
    customerId: uuid("customer_id").notNull(),
    kind: text("kind").$type<"PAYIN_CARD" | "PAYOUT_CARD">().notNull(),
    offerId: uuid("offer_id").notNull(),
    cardId: uuid("card_id").notNull(),
    status: text("status").$type<CardPaymentStatus>().notNull(),
    /** The acquirer's payment id, once it has one. */
    providerRef: text("provider_ref"),
    authLink: text("auth_link"),
    /** The last callback applied (its sequence): older or equal ones are stale or repeats. */
    lastSequence: integer("last_sequence").notNull().default(0),
    /** Why it failed, in words for the customer. */
    reason: text("reason"),
    /** Reservation ids of a payout's pending legs, posted or voided when the rail answers. */
    pendingIds: jsonb("pending_ids"),
    amountFrom: minor("amount_from"),
    currencyFrom: text("currency_from"),
    amountTo: minor("amount_to"),
    currencyTo: text("currency_to"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    foreignKey({
      name: "card_payments_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    foreignKey({
      name: "card_payments_card",
      columns: [t.merchantId, t.cardId],
      foreignColumns: [paymentCards.merchantId, paymentCards.id],
    }),
    unique("card_payments_offer").on(t.merchantId, t.offerId),
    unique("card_payments_provider_ref").on(t.merchantId, t.providerRef),
    index("card_payments_customer").on(t.merchantId, t.customerId, t.createdAt),
    check("card_payments_kind", sql`${t.kind} in ('PAYIN_CARD', 'PAYOUT_CARD')`),
    check(
      "card_payments_status",
      sql`${t.status} in ('OFFERED', 'AUTHORISING', 'CHALLENGE', 'PENDING', 'SUCCESS', 'FAILED')`,
    ),
  ],
);

// The sandbox acquirer's own records (providers/acquirer): what a real acquirer keeps on its side.
// It keeps no full card number either: the test card's scenario, BIN and last four, and a keyed
// fingerprint so the same card gets the same token.

export const sandboxAcquirerTokens = pgTable(
  "sandbox_acquirer_tokens",
  {
    token: text("token").primaryKey(),
    fingerprint: text("fingerprint").notNull().unique(),
    scenario: text("scenario").notNull(),
    bin: text("bin").notNull(),
    last4: text("last4").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("sandbox_acquirer_tokens_last4", sql`${t.last4} ~ '^[0-9]{4}$'`)],
);

export const sandboxAcquirerPayments = pgTable("sandbox_acquirer_payments", {
  id: text("id").primaryKey(),
  kind: text("kind").$type<"PAYIN" | "PAYOUT">().notNull(),
  token: text("token")
    .notNull()
    .references(() => sandboxAcquirerTokens.token),
  /** The merchant's reference (our card payment id). */
  reference: text("reference").notNull().unique(),
  amount: minor("amount").notNull(),
  currency: text("currency").notNull(),
  /** CHALLENGE, AUTHORISED, CAPTURED, DECLINED, PROCESSING, PAID, REJECTED. */
  status: text("status").notNull(),
  otp: text("otp"),
  attempts: integer("attempts").notNull().default(0),
  returnUrl: text("return_url"),
  browser: jsonb("browser"),
  /** Events sent so far: the next callback's sequence is sequence + 1. */
  sequence: integer("sequence").notNull().default(0),
  createdAt: createdAt(),
});
