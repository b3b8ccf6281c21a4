import {
  CUSTOMER_ACCOUNT_KINDS,
  HOUSE_ACCOUNT_KINDS,
  LEDGER_OPERATION_STATUSES,
  TRANSFER_TYPES,
} from "@kestrel/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { at, createdAt, merchantKey, minor } from "./columns.ts";
import { merchants } from "./merchants.ts";

// The double-entry ledger (docs/ledger.md). Money columns are numeric(39,0) counts of the
// currency's minor unit, read as bigint; the write path is SQL (migration 0002_ledger_write_path).

// The kinds and states are the domain's words (packages/domain ledger-kinds.ts), shared with the
// back-office: customer accounts never go below zero (CHECK on the counters); the merchant's own
// accounts are one set per currency, each split into sub-accounts (shards); posted moves money
// now, pending reserves it until timeout_at, and post_pending, void_pending and expire_pending
// resolve a pending transfer (pending_id) at most once (unique index).
export {
  CUSTOMER_ACCOUNT_KINDS,
  HOUSE_ACCOUNT_KINDS,
  LEDGER_OPERATION_STATUSES as OPERATION_STATUSES,
  TRANSFER_TYPES,
};

const money = (name: string) => minor(name).notNull().default(sql`0`);

/** Mirrors @kestrel/money's table (filled by migration); accounts may only use these codes. */
export const ledgerCurrencies = pgTable(
  "ledger_currencies",
  {
    code: text("code").primaryKey(),
    scale: smallint("scale").notNull(),
  },
  (t) => [check("ledger_currencies_scale", sql`${t.scale} between 0 and 18`)],
);

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey().references(() => merchants.id),
    /** The customer who owns it; null for the merchant's house accounts. */
    ownerId: uuid("owner_id"),
    kind: text("kind").notNull(),
    currency: text("currency")
      .notNull()
      .references(() => ledgerCurrencies.code),
    /** Sub-account number of a split house account; 0 for customer accounts. */
    shard: smallint("shard").notNull().default(0),
    /** A house account that must not go below zero either (customer accounts never do). */
    debitsMustNotExceedCredits: boolean("debits_must_not_exceed_credits").notNull().default(false),
    debitsPosted: money("debits_posted"),
    creditsPosted: money("credits_posted"),
    debitsPending: money("debits_pending"),
    creditsPending: money("credits_pending"),
    /** Number of entries; the next entry of this account gets version + 1. */
    version: bigint("version", { mode: "bigint" }).notNull().default(sql`0`),
    closed: boolean("closed").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // The ledger grows with customers: the merchant leads every key (Citus: distributed by merchant).
    primaryKey({ columns: [t.merchantId, t.id] }),
    // Target of the transfers' composite foreign keys: a transfer stays inside one merchant and currency.
    unique("ledger_accounts_id_merchant_currency").on(t.id, t.merchantId, t.currency),
    uniqueIndex("ledger_accounts_house_shard")
      .on(t.merchantId, t.kind, t.currency, t.shard)
      .where(sql`${t.ownerId} is null`),
    uniqueIndex("ledger_accounts_one_wallet_per_currency")
      .on(t.merchantId, t.ownerId, t.currency)
      .where(sql`${t.kind} = 'customer_wallet'`),
    index("ledger_accounts_owner").on(t.merchantId, t.ownerId).where(sql`${t.ownerId} is not null`),
    // Which kinds a customer owns and which are the merchant's (house), and their shards.
    check(
      "ledger_accounts_kind",
      sql`(${t.kind} in ('customer_wallet', 'card_balance', 'deposit_principal', 'deposit_interest', 'iban_balance') and ${t.ownerId} is not null and ${t.shard} = 0)
        or (${t.kind} in ('fee_income', 'liquidity', 'acquiring_clearing', 'payout_clearing', 'chain_hot_wallet', 'issuer_settlement', 'bank_settlement', 'interest_expense', 'claims_held', 'adjustments') and ${t.ownerId} is null)`,
    ),
    check("ledger_accounts_shard", sql`${t.shard} between 0 and 63`),
    check("ledger_accounts_version", sql`${t.version} >= 0`),
    check(
      "ledger_accounts_counters_non_negative",
      sql`least(${t.debitsPosted}, ${t.creditsPosted}, ${t.debitsPending}, ${t.creditsPending}) >= 0`,
    ),
    // The backstop of "a customer account never goes below zero" (and of the flag on house
    // accounts): reserved (pending) debits count against the balance too.
    check(
      "ledger_accounts_not_overdrawn",
      sql`(${t.ownerId} is null and not ${t.debitsMustNotExceedCredits}) or ${t.debitsPosted} + ${t.debitsPending} <= ${t.creditsPosted}`,
    ),
  ],
);

/** One idempotent request: its key is claimed, its legs applied and its response stored in one transaction. */
export const ledgerOperations = pgTable(
  "ledger_operations",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey().references(() => merchants.id),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    kind: text("kind").notNull(),
    status: text("status").notNull(),
    /** Transfers this operation wrote: the audit proves all of them exist (no partial operation). */
    legCount: integer("leg_count").notNull(),
    metadata: jsonb("metadata").notNull().default({}),
    response: jsonb("response"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    unique("ledger_operations_idempotency").on(t.merchantId, t.idempotencyKey),
    check("ledger_operations_status", sql`${t.status} in ('completed', 'awaiting')`),
    check("ledger_operations_key_length", sql`length(${t.idempotencyKey}) between 1 and 400`),
    check("ledger_operations_leg_count", sql`${t.legCount} >= 0`),
  ],
);

export const ledgerTransfers = pgTable(
  "ledger_transfers",
  {
    id: uuid("id").notNull(),
    operationId: uuid("operation_id").notNull(),
    merchantId: merchantKey(),
    debitAccountId: uuid("debit_account_id").notNull(),
    creditAccountId: uuid("credit_account_id").notNull(),
    currency: text("currency").notNull(),
    amount: minor("amount").notNull(),
    type: text("type").notNull(),
    pendingId: uuid("pending_id"),
    timeoutAt: at("timeout_at"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    foreignKey({
      name: "ledger_transfers_operation_of_merchant",
      columns: [t.merchantId, t.operationId],
      foreignColumns: [ledgerOperations.merchantId, ledgerOperations.id],
    }),
    // A resolution names a reservation of the same merchant.
    foreignKey({
      name: "ledger_transfers_pending_of_merchant",
      columns: [t.merchantId, t.pendingId],
      foreignColumns: [t.merchantId, t.id],
    }),
    foreignKey({
      name: "ledger_transfers_debit_account",
      columns: [t.debitAccountId, t.merchantId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.merchantId, ledgerAccounts.currency],
    }),
    foreignKey({
      name: "ledger_transfers_credit_account",
      columns: [t.creditAccountId, t.merchantId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.merchantId, ledgerAccounts.currency],
    }),
    uniqueIndex("ledger_transfers_resolve_once")
      .on(t.merchantId, t.pendingId)
      .where(sql`${t.pendingId} is not null`),
    index("ledger_transfers_operation").on(t.operationId),
    // The reports read a merchant's transfers by time (docs/backoffice.md "Reports and reconciliation").
    index("ledger_transfers_merchant_created").on(t.merchantId, t.createdAt),
    check("ledger_transfers_amount_positive", sql`${t.amount} > 0`),
    check("ledger_transfers_two_accounts", sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check(
      "ledger_transfers_type",
      sql`${t.type} in ('posted', 'pending', 'post_pending', 'void_pending', 'expire_pending')`,
    ),
    // A resolution (post, void, expiry) names its reservation; nothing else names one.
    check(
      "ledger_transfers_resolution_names_pending",
      sql`(${t.type} in ('post_pending', 'void_pending', 'expire_pending')) = (${t.pendingId} is not null)`,
    ),
    // Only a reservation has a deadline.
    check(
      "ledger_transfers_pending_has_timeout",
      sql`(${t.type} = 'pending') = (${t.timeoutAt} is not null)`,
    ),
  ],
);

/** Per account, one entry per transfer side: the counters after it, versions 1, 2, 3... without gaps. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    /** The account's and the transfer's merchant (Citus: the entries sit with their account). */
    merchantId: merchantKey(),
    accountId: uuid("account_id").notNull(),
    version: bigint("version", { mode: "bigint" }).notNull(),
    transferId: uuid("transfer_id").notNull(),
    side: text("side").notNull(),
    debitsPosted: money("debits_posted"),
    creditsPosted: money("credits_posted"),
    debitsPending: money("debits_pending"),
    creditsPending: money("credits_pending"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    primaryKey({ name: "ledger_entries_account_version", columns: [t.merchantId, t.accountId, t.version] }),
    foreignKey({
      name: "ledger_entries_account_of_merchant",
      columns: [t.merchantId, t.accountId],
      foreignColumns: [ledgerAccounts.merchantId, ledgerAccounts.id],
    }),
    foreignKey({
      name: "ledger_entries_transfer_of_merchant",
      columns: [t.merchantId, t.transferId],
      foreignColumns: [ledgerTransfers.merchantId, ledgerTransfers.id],
    }),
    check("ledger_entries_version", sql`${t.version} >= 1`),
    check("ledger_entries_side", sql`${t.side} in ('debit', 'credit')`),
  ],
);

/**
 * Pending transfers not yet resolved, with their deadline: the expiry sweep's work list.
 * (Transfers are append-only, so "still open" cannot be a flag on the transfer itself.)
 */
export const ledgerOpenPending = pgTable(
  "ledger_open_pending",
  {
    transferId: uuid("transfer_id").notNull(),
    merchantId: merchantKey(),
    timeoutAt: at("timeout_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.transferId] }),
    foreignKey({
      name: "ledger_open_pending_transfer_of_merchant",
      columns: [t.merchantId, t.transferId],
      foreignColumns: [ledgerTransfers.merchantId, ledgerTransfers.id],
    }),
    index("ledger_open_pending_timeout").on(t.timeoutAt),
  ],
);
