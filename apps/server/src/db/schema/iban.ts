import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { at, createdAt, merchantKey, minor, updatedAt } from "./columns.ts";
import { customers } from "./customers.ts";
import { merchants } from "./merchants.ts";

// IBAN accounts (docs/iban.md). The EUR balance is a ledger account (iban_balance); these tables
// hold the order, the issued account, recipients and the account's own transfers.

/** A merchant's bank program: where its IBANs are issued and what a SEPA withdrawal costs. */
export const ibanPrograms = pgTable(
  "iban_programs",
  {
    merchantId: merchantKey()
      .primaryKey()
      .references(() => merchants.id),
    /** ISO alpha-2 country of the IBANs issued. */
    country: text("country").notNull(),
    /** The bank code inside the BBAN (the country's format). */
    bankCode: text("bank_code").notNull(),
    bic: text("bic").notNull(),
    /** EUR cents per SEPA withdrawal. */
    withdrawFixFee: minor("withdraw_fix_fee").notNull(),
    withdrawMin: minor("withdraw_min").notNull(),
    withdrawMax: minor("withdraw_max").notNull(),
  },
  (t) => [
    check("iban_programs_country", sql`${t.country} ~ '^[A-Z]{2}$'`),
    check(
      "iban_programs_amounts",
      sql`${t.withdrawFixFee} >= 0 and ${t.withdrawMin} > 0 and ${t.withdrawMax} >= ${t.withdrawMin}`,
    ),
  ],
);

/** The order's answers (spec §3 IBAN order): additional personal info and the billing address. */
export const ibanCustomerInfo = pgTable(
  "iban_customer_info",
  {
    merchantId: merchantKey(),
    customerId: uuid("customer_id").notNull(),
    isUsRelated: boolean("is_us_related"),
    usRelatedPerson: text("us_related_person"),
    incomeSources: text("income_sources").array(),
    additionalSources: text("additional_sources"),
    estimatedMonthlyTurnoverRange: text("estimated_monthly_turnover_range"),
    taxCountry: text("tax_country"),
    taxId: text("tax_id"),
    billingCountry: text("billing_country"),
    billingCity: text("billing_city"),
    billingAddress1: text("billing_address1"),
    billingAddress2: text("billing_address2"),
    billingZipCode: text("billing_zip_code"),
    billingState: text("billing_state"),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.customerId] }),
    foreignKey({
      name: "iban_customer_info_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
  ],
);

/** OPEN: collecting steps; ISSUED: the bank opened the account; CANCELLED by the customer. */
export const IBAN_REQUEST_STATUSES = ["OPEN", "ISSUED", "CANCELLED"] as const;
export type IbanRequestStatus = (typeof IBAN_REQUEST_STATUSES)[number];

export const ibanRequests = pgTable(
  "iban_requests",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey(),
    customerId: uuid("customer_id").notNull(),
    status: text("status").$type<IbanRequestStatus>().notNull(),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    foreignKey({
      name: "iban_requests_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    // One live order or account per customer: a second order waits for a cancel.
    uniqueIndex("iban_requests_one_live")
      .on(t.merchantId, t.customerId)
      .where(sql`${t.status} <> 'CANCELLED'`),
    check("iban_requests_status", sql`${t.status} in ('OPEN', 'ISSUED', 'CANCELLED')`),
  ],
);

export const IBAN_ACCOUNT_STATUSES = ["ACTIVE", "BLOCKED", "CLOSED"] as const;
export type IbanAccountStatus = (typeof IBAN_ACCOUNT_STATUSES)[number];

/** An issued IBAN: its number and BIC from the bank rail, and the ledger account of its EUR. */
export const ibanAccounts = pgTable(
  "iban_accounts",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey(),
    customerId: uuid("customer_id").notNull(),
    requestId: uuid("request_id").notNull(),
    iban: text("iban").notNull(),
    bic: text("bic").notNull(),
    currency: text("currency").notNull(),
    holderName: text("holder_name").notNull(),
    balanceAccountId: uuid("balance_account_id").notNull(),
    status: text("status").$type<IbanAccountStatus>().notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    foreignKey({
      name: "iban_accounts_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    foreignKey({
      name: "iban_accounts_of_request",
      columns: [t.merchantId, t.requestId],
      foreignColumns: [ibanRequests.merchantId, ibanRequests.id],
    }),
    unique("iban_accounts_one_per_request").on(t.merchantId, t.requestId),
    uniqueIndex("iban_accounts_iban").on(t.merchantId, t.iban),
    index("iban_accounts_of_customer").on(t.merchantId, t.customerId),
    check("iban_accounts_status", sql`${t.status} in ('ACTIVE', 'BLOCKED', 'CLOSED')`),
    check("iban_accounts_iban_format", sql`${t.iban} ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$'`),
  ],
);

/**
 * Which merchant each issued IBAN is: the bank's incoming transfer names the IBAN alone, so its
 * account is found by the owner's merchant, on one shard, and no IBAN is ever two merchants'.
 * Written with the account; a reference table on Citus (docs/scaling.md).
 */
export const ibanOwners = pgTable("iban_owners", {
  iban: text("iban").primaryKey(),
  merchantId: merchantKey().references(() => merchants.id),
  createdAt: at("created_at").notNull(),
});

/** Where a customer sends SEPA transfers: validated IBAN and BIC. */
export const ibanRecipients = pgTable(
  "iban_recipients",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey(),
    customerId: uuid("customer_id").notNull(),
    name: text("name").notNull(),
    iban: text("iban").notNull(),
    bic: text("bic").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    foreignKey({
      name: "iban_recipients_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    index("iban_recipients_of_customer").on(t.merchantId, t.customerId, t.createdAt),
  ],
);

/** SEPA_IN: credited from the rail; SEPA_OUT: a withdrawal; EXCHANGE_IN: crypto exchanged into it. */
export const IBAN_TRANSFER_KINDS = ["SEPA_IN", "SEPA_OUT", "EXCHANGE_IN"] as const;
export type IbanTransferKind = (typeof IBAN_TRANSFER_KINDS)[number];
export const IBAN_TRANSFER_STATUSES = ["PENDING", "COMPLETED", "RETURNED"] as const;
export type IbanTransferStatus = (typeof IBAN_TRANSFER_STATUSES)[number];

/** The IBAN's own history (GET /v2/history/iban/{ibanId}); SEPA_OUT rows also track the rail. */
export const ibanTransfers = pgTable(
  "iban_transfers",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey(),
    customerId: uuid("customer_id").notNull(),
    ibanId: uuid("iban_id").notNull(),
    kind: text("kind").$type<IbanTransferKind>().notNull(),
    status: text("status").$type<IbanTransferStatus>().notNull(),
    amount: minor("amount").notNull(),
    fee: minor("fee").notNull(),
    currency: text("currency").notNull(),
    counterpartyName: text("counterparty_name"),
    counterpartyIban: text("counterparty_iban"),
    counterpartyBic: text("counterparty_bic"),
    reference: text("reference"),
    returnReason: text("return_reason"),
    /** The ledger operation that moved (or reserved) the money. */
    operationId: uuid("operation_id").notNull(),
    /** SEPA_OUT: the reservations posted on execution or voided on return. */
    pendingId: uuid("pending_id"),
    feePendingId: uuid("fee_pending_id"),
    /** SEPA_OUT: what the customer's limit usage was recorded under; released with a return. */
    limitReference: text("limit_reference"),
    /** The rail's id of the transfer (SEPA_IN: unique, so a repeated callback credits once). */
    railId: text("rail_id"),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    foreignKey({
      name: "iban_transfers_of_account",
      columns: [t.merchantId, t.ibanId],
      foreignColumns: [ibanAccounts.merchantId, ibanAccounts.id],
    }),
    unique("iban_transfers_rail_once").on(t.merchantId, t.kind, t.railId),
    index("iban_transfers_page").on(t.merchantId, t.ibanId, t.createdAt),
    check("iban_transfers_kind", sql`${t.kind} in ('SEPA_IN', 'SEPA_OUT', 'EXCHANGE_IN')`),
    check("iban_transfers_status", sql`${t.status} in ('PENDING', 'COMPLETED', 'RETURNED')`),
    check("iban_transfers_amounts", sql`${t.amount} > 0 and ${t.fee} >= 0`),
    check("iban_transfers_pending", sql`(${t.kind} = 'SEPA_OUT') = (${t.pendingId} is not null)`),
  ],
);

/** The sandbox bank rail's own record: accounts it opened and transfers it carried. */
export const sandboxBankAccounts = pgTable("sandbox_bank_accounts", {
  iban: text("iban").primaryKey(),
  bic: text("bic").notNull(),
  /** Our request id: an account is opened once per request. */
  reference: text("reference").notNull().unique(),
  holderName: text("holder_name").notNull(),
  createdAt: createdAt(),
});

export const sandboxBankTransfers = pgTable(
  "sandbox_bank_transfers",
  {
    id: text("id").primaryKey(),
    direction: text("direction").$type<"IN" | "OUT">().notNull(),
    /** OUT: our transfer id (sent once however often asked). */
    reference: text("reference").unique(),
    accountIban: text("account_iban").notNull(),
    counterpartyName: text("counterparty_name").notNull(),
    counterpartyIban: text("counterparty_iban").notNull(),
    counterpartyBic: text("counterparty_bic"),
    amount: minor("amount").notNull(),
    currency: text("currency").notNull(),
    remittance: text("remittance"),
    status: text("status").$type<"PENDING" | "EXECUTED" | "RETURNED">().notNull(),
    returnReason: text("return_reason"),
    /** Set by the console: the next tick returns the transfer with this reason. */
    returnRequested: text("return_requested"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("sandbox_bank_transfers_direction", sql`${t.direction} in ('IN', 'OUT')`),
    check("sandbox_bank_transfers_status", sql`${t.status} in ('PENDING', 'EXECUTED', 'RETURNED')`),
    index("sandbox_bank_transfers_recent").on(t.createdAt),
  ],
);
