import { HISTORY_STATUSES, HISTORY_TYPES, type HistoryStatus, type HistoryType } from "@kestrel/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { at, merchantKey, minor } from "./columns.ts";
import { customers } from "./customers.ts";

/**
 * Operation types and statuses of GET /v2/history/operations: the domain's (packages/domain),
 * where each has the one phrase customers read.
 */
export { HISTORY_STATUSES, HISTORY_TYPES, type HistoryStatus, type HistoryType };

/**
 * The customers' operation history: a read model, one row per customer and operation, written in
 * the same transaction as the ledger operation that moves the money. The ledger stays the source
 * of truth for balances; this table says what happened, in words a customer reads. Every kind of
 * operation writes its rows here the same way (docs/architecture.md "History").
 */
export const historyEntries = pgTable(
  "history_entries",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey(),
    customerId: uuid("customer_id").notNull(),
    /** What the customer was told (txId), shared by both parties of a transfer. */
    operationId: uuid("operation_id").notNull(),
    type: text("type").$type<HistoryType>().notNull(),
    direction: text("direction").$type<"IN" | "OUT">().notNull(),
    status: text("status").$type<HistoryStatus>().notNull(),
    currency: text("currency").notNull(),
    amount: minor("amount").notNull(),
    fee: minor("fee").notNull(),
    /** The other party as the customer may see it: a masked phone, a shortened address. */
    counterparty: text("counterparty"),
    /** The type's model (addresses, tx hash, confirmations, fee breakdown), amounts as strings. */
    details: jsonb("details").notNull().default({}),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    // Grows with customers: the merchant leads the key (Citus: distributed by merchant).
    primaryKey({ columns: [t.merchantId, t.id] }),
    // A customer of this merchant (so the merchant exists too): one check a row instead of two.
    foreignKey({
      name: "history_entries_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    unique("history_entries_once").on(t.merchantId, t.customerId, t.operationId),
    // A customer's pages: (created_at, id) read backwards is newest first.
    index("history_entries_page").on(t.merchantId, t.customerId, t.createdAt, t.id),
    check("history_entries_direction", sql`${t.direction} in ('IN', 'OUT')`),
    check("history_entries_status", sql`${t.status} in ('PENDING', 'COMPLETED', 'FAILED')`),
    check("history_entries_amounts", sql`${t.amount} > 0 and ${t.fee} >= 0`),
  ],
);

/**
 * Every status an operation's entry took, appended by a trigger on `history_entries`
 * (db/functions/history_status_log.sql) whatever code wrote it, and never changed: the
 * back-office's status history of an operation (docs/backoffice.md). The merchant leads the key.
 */
export const historyStatusChanges = pgTable(
  "history_status_changes",
  {
    merchantId: merchantKey(),
    id: bigint("id", { mode: "number" }).generatedAlwaysAsIdentity(),
    operationId: uuid("operation_id").notNull(),
    customerId: uuid("customer_id").notNull(),
    direction: text("direction").notNull(),
    status: text("status").notNull(),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    index("history_status_changes_operation").on(t.merchantId, t.operationId, t.id),
  ],
);
