import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { cards } from "./cards.ts";
import { at, createdAt, merchantKey, minor } from "./columns.ts";
import { customers } from "./customers.ts";

// A prepaid card's money (docs/card-funding.md): the balance is a ledger account per card
// (kind card_balance); these tables say which account is whose card, what was priced for which
// card, and what happened on the card in the customer's words (its history).

/** What a card history row is: a top-up from crypto, a purchase at a shop, a shop's refund. */
export const CARD_OPERATION_KINDS = ["TOP_UP", "PURCHASE", "REFUND"] as const;
export type CardOperationKind = (typeof CARD_OPERATION_KINDS)[number];
/** PENDING: authorised, money held; COMPLETED: settled (or credited); DECLINED; REVERSED: hold released. */
export const CARD_OPERATION_STATUSES = ["PENDING", "COMPLETED", "DECLINED", "REVERSED"] as const;
export type CardOperationStatus = (typeof CARD_OPERATION_STATUSES)[number];
/** Why an authorisation was declined (the card history shows it). */
export const CARD_DECLINE_REASONS = [
  "INSUFFICIENT_BALANCE",
  "CARD_BLOCKED",
  "CARD_SOFT_BLOCKED",
  "CARD_EXPIRED",
  "CARD_NOT_ACTIVE",
] as const;
export type CardDeclineReason = (typeof CARD_DECLINE_REASONS)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** The ledger account holding a card's balance: one per card, opened at its first top-up. */
export const cardBalances = pgTable(
  "card_balances",
  {
    merchantId: merchantKey(),
    cardId: uuid("card_id").notNull(),
    customerId: uuid("customer_id").notNull(),
    ledgerAccountId: uuid("ledger_account_id").notNull(),
    currency: text("currency").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.cardId] }),
    unique("card_balances_account").on(t.merchantId, t.ledgerAccountId),
    foreignKey({
      name: "card_balances_card_of_merchant",
      columns: [t.merchantId, t.cardId],
      foreignColumns: [cards.merchantId, cards.id],
    }),
    foreignKey({
      name: "card_balances_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
  ],
);

/** Which card a CARD_PAYLOAD offer was priced for (an offer confirms only for its card). */
export const cardTopUpOffers = pgTable(
  "card_top_up_offers",
  {
    merchantId: merchantKey(),
    offerId: uuid("offer_id").notNull(),
    customerId: uuid("customer_id").notNull(),
    cardId: uuid("card_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.offerId] }),
    foreignKey({
      name: "card_top_up_offers_card_of_merchant",
      columns: [t.merchantId, t.cardId],
      foreignColumns: [cards.merchantId, cards.id],
    }),
  ],
);

/**
 * The card's history (GET /v2/history/card/{cardId}): one row per top-up, purchase and refund,
 * written in the transaction that moves its money (or records its decline). Amounts in the
 * card's currency; a purchase's `issuer_tx_id` is the issuer's transaction, its hold the pending
 * ledger transfer that settlement posts and reversal voids.
 */
export const cardOperations = pgTable(
  "card_operations",
  {
    merchantId: merchantKey(),
    id: uuid("id").notNull(),
    customerId: uuid("customer_id").notNull(),
    cardId: uuid("card_id").notNull(),
    kind: text("kind").$type<CardOperationKind>().notNull(),
    status: text("status").$type<CardOperationStatus>().notNull(),
    amount: minor("amount").notNull(),
    currency: text("currency").notNull(),
    /** The shop's name, or the wallet a top-up came from. */
    description: text("description").notNull(),
    declineReason: text("decline_reason").$type<CardDeclineReason>(),
    issuerTxId: text("issuer_tx_id"),
    /** A refund's issuer event (its id in `card_issuer_events`): a purchase may have several refunds. */
    issuerEventId: text("issuer_event_id"),
    pendingTransferId: uuid("pending_transfer_id"),
    /** The ledger operation that moved the money last (none for a decline). */
    operationId: uuid("operation_id"),
    details: jsonb("details").notNull().default({}),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    foreignKey({
      name: "card_operations_card_of_merchant",
      columns: [t.merchantId, t.cardId],
      foreignColumns: [cards.merchantId, cards.id],
    }),
    foreignKey({
      name: "card_operations_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    // One purchase per issuer transaction, whatever the callbacks repeat; refunds (partial, maybe
    // several per purchase) one per issuer event, found by their purchase's transaction.
    uniqueIndex("card_operations_issuer_tx")
      .on(t.merchantId, t.issuerTxId, t.kind)
      .where(sql`${t.kind} <> 'REFUND'`),
    unique("card_operations_issuer_event").on(t.merchantId, t.issuerEventId),
    index("card_operations_refunds").on(t.merchantId, t.issuerTxId).where(sql`${t.kind} = 'REFUND'`),
    index("card_operations_page").on(t.merchantId, t.cardId, t.createdAt, t.id),
    check("card_operations_kind", sql`${t.kind} in (${inList(CARD_OPERATION_KINDS)})`),
    check("card_operations_status", sql`${t.status} in (${inList(CARD_OPERATION_STATUSES)})`),
    check("card_operations_amount", sql`${t.amount} > 0`),
    // A decline has its reason and moved nothing; nothing else has a reason.
    check(
      "card_operations_decline",
      sql`(${t.status} = 'DECLINED') = (${t.declineReason} is not null)
        and (${t.status} <> 'DECLINED' or ${t.operationId} is null)
        and (${t.declineReason} is null or ${t.declineReason} in (${inList(CARD_DECLINE_REASONS)}))`,
    ),
    check("card_operations_issuer", sql`(${t.kind} = 'TOP_UP') = (${t.issuerTxId} is null)`),
    check("card_operations_refund_event", sql`(${t.kind} = 'REFUND') = (${t.issuerEventId} is not null)`),
  ],
);

/** The issuer's callbacks already handled, with what was answered: a repeat gets the same answer. */
export const cardIssuerEvents = pgTable(
  "card_issuer_events",
  {
    merchantId: merchantKey(),
    eventId: text("event_id").notNull(),
    response: jsonb("response").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.eventId] })],
);
