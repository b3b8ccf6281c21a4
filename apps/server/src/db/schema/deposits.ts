import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { at, merchantKey, minor } from "./columns.ts";
import { customers } from "./customers.ts";
import { merchants } from "./merchants.ts";

// Earn deposits (docs/earn.md). The money sits in the ledger (one deposit_principal and one
// deposit_interest account per deposit); these tables hold the terms and the accrual's progress.

export const DEPOSIT_PRODUCT_TYPES = ["FIX", "FLEX"] as const;
export type DepositProductType = (typeof DEPOSIT_PRODUCT_TYPES)[number];

/** OPEN: accruing. CLOSED: closed by the customer before expiry. MATURED: paid out at expiry. */
export const DEPOSIT_STATUSES = ["OPEN", "CLOSED", "MATURED"] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** What a deposit's own history lists (GET /v2/history/deposit/{depositId}). */
export const DEPOSIT_EVENT_KINDS = ["OPENED", "INTEREST", "CLOSED", "MATURED"] as const;
export type DepositEventKind = (typeof DEPOSIT_EVENT_KINDS)[number];

/**
 * A merchant's offer: per currency, product type and term, the yearly rate in hundredths of a
 * percent and the amount bounds (minor units). A template with months or rate 0 is kept but not
 * offered (spec §4).
 */
export const depositTemplates = pgTable(
  "deposit_templates",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey().references(() => merchants.id),
    currency: text("currency").notNull(),
    productType: text("product_type").$type<DepositProductType>().notNull(),
    months: integer("months").notNull(),
    /** Yearly rate in hundredths of a percent: 450 is 4.50 %. */
    rateBp: integer("rate_bp").notNull(),
    minAmount: minor("min_amount").notNull(),
    maxAmount: minor("max_amount").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    unique("deposit_templates_one_term").on(t.merchantId, t.currency, t.productType, t.months),
    check("deposit_templates_product_type", sql`${t.productType} in ('FIX', 'FLEX')`),
    check("deposit_templates_months", sql`${t.months} between 0 and 120`),
    check("deposit_templates_rate", sql`${t.rateBp} between 0 and 10000`),
    check("deposit_templates_amounts", sql`${t.minAmount} > 0 and ${t.minAmount} <= ${t.maxAmount}`),
  ],
);

/**
 * A customer's deposit: the terms copied from the template at opening (a later change of the
 * offer does not touch it), its ledger accounts, and how far interest has accrued: whole days
 * since opening (`accrued_days`) and the interest credited for them (`accrued_interest`, equal
 * to the interest account's balance while open).
 */
export const deposits = pgTable(
  "deposits",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey(),
    customerId: uuid("customer_id").notNull(),
    currency: text("currency").notNull(),
    productType: text("product_type").$type<DepositProductType>().notNull(),
    months: integer("months").notNull(),
    rateBp: integer("rate_bp").notNull(),
    minAmount: minor("min_amount").notNull(),
    maxAmount: minor("max_amount").notNull(),
    principal: minor("principal").notNull(),
    principalAccountId: uuid("principal_account_id").notNull(),
    interestAccountId: uuid("interest_account_id").notNull(),
    openedAt: at("opened_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    /** Days from opening to expiry: the accrual's term. */
    termDays: integer("term_days").notNull(),
    accruedDays: integer("accrued_days").notNull().default(0),
    accruedInterest: minor("accrued_interest").notNull().default(sql`0`),
    status: text("status").$type<DepositStatus>().notNull(),
    closedAt: at("closed_at"),
    /** Interest paid to the wallet at the close or maturity (0 for a FIX closed early). */
    paidInterest: minor("paid_interest"),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    foreignKey({
      name: "deposits_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    // A customer's list, open ones first by opening; and the accrual job's work list.
    index("deposits_of_customer").on(t.merchantId, t.customerId, t.status, t.openedAt),
    index("deposits_open").on(t.status, t.openedAt),
    check("deposits_product_type", sql`${t.productType} in ('FIX', 'FLEX')`),
    check("deposits_status", sql`${t.status} in ('OPEN', 'CLOSED', 'MATURED')`),
    check("deposits_months", sql`${t.months} between 1 and 120`),
    check("deposits_rate", sql`${t.rateBp} between 1 and 10000`),
    check("deposits_principal", sql`${t.principal} between ${t.minAmount} and ${t.maxAmount}`),
    check(
      "deposits_accrual",
      sql`${t.accruedDays} between 0 and ${t.termDays} and ${t.accruedInterest} >= 0`,
    ),
    check("deposits_term", sql`${t.termDays} > 0 and ${t.expiresAt} > ${t.openedAt}`),
    check(
      "deposits_closed",
      sql`(${t.status} = 'OPEN') = (${t.closedAt} is null) and (${t.status} = 'OPEN') = (${t.paidInterest} is null)`,
    ),
  ],
);

/** A deposit's own history: opening, each accrual, the close or maturity. Append-only by use. */
export const depositEvents = pgTable(
  "deposit_events",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey(),
    depositId: uuid("deposit_id").notNull(),
    /** The ledger operation that moved the money. */
    operationId: uuid("operation_id").notNull(),
    kind: text("kind").$type<DepositEventKind>().notNull(),
    amount: minor("amount").notNull(),
    /** INTEREST: the accrual's days since opening, from (exclusive) and through (inclusive). */
    fromDay: integer("from_day"),
    toDay: integer("to_day"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    foreignKey({
      name: "deposit_events_of_deposit",
      columns: [t.merchantId, t.depositId],
      foreignColumns: [deposits.merchantId, deposits.id],
    }),
    unique("deposit_events_once").on(t.merchantId, t.depositId, t.operationId),
    index("deposit_events_page").on(t.merchantId, t.depositId, t.createdAt),
    check("deposit_events_kind", sql`${t.kind} in ('OPENED', 'INTEREST', 'CLOSED', 'MATURED')`),
    check("deposit_events_amount", sql`${t.amount} >= 0`),
    check(
      "deposit_events_days",
      sql`(${t.kind} = 'INTEREST') = (${t.fromDay} is not null and ${t.toDay} is not null)
        and (${t.fromDay} is null or (${t.fromDay} >= 0 and ${t.toDay} > ${t.fromDay}))`,
    ),
  ],
);
