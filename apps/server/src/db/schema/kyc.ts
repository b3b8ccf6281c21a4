import { KYC_STATUSES, type KycStatus } from "@kestrel/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { at, createdAt, merchantKey, minor, updatedAt } from "./columns.ts";
import { customers } from "./customers.ts";
import { merchants } from "./merchants.ts";

// Identity verification (docs/kyc.md). The customer's current level and status are mirrored on
// `customers` (kyc_level, kyc_status) for tokens and the operations catalog; these tables hold
// what they are worked out from.

// The domain's list (packages/domain), shared with the web app and the back-office.
export { KYC_STATUSES, type KycStatus };

/**
 * A customer's verification state once they started verifying: level and status worked out from
 * their applications. Changes take this row's lock first, so they apply one at a time per
 * customer; `customers.kyc_level` and `kyc_status` are kept equal to it under that lock.
 */
export const kycCustomers = pgTable(
  "kyc_customers",
  {
    customerId: uuid("customer_id").notNull(),
    merchantId: merchantKey().references(() => merchants.id),
    level: text("level").notNull(),
    status: text("status").$type<KycStatus>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.customerId] }),
    check("kyc_customers_level", sql`${t.level} in ('KYC_0', 'KYC_2')`),
    foreignKey({
      name: "kyc_customers_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
  ],
);

/**
 * What an application asks for: the widget's identity check (KYC_2). SUMSUB and KYC3 are kept
 * only for applications made before the two levels of spec §3 (migration 0035): none is made now.
 */
export const KYC_APPLICATION_KINDS = ["WIDGET", "SUMSUB", "KYC3"] as const;
export type KycApplicationKind = (typeof KYC_APPLICATION_KINDS)[number];

/**
 * One request to reach a level. A widget application collects documents while READY_TO_START,
 * is IN_PROGRESS once submitted, then decided; a limit increase starts UNDER_REVIEW.
 * `decided_at` is the reviewer's timestamp of the decision applied last: an older one is stale.
 */
export const kycApplications = pgTable(
  "kyc_applications",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey().references(() => merchants.id),
    customerId: uuid("customer_id").notNull(),
    kind: text("kind").$type<KycApplicationKind>().notNull(),
    targetLevel: text("target_level").notNull(),
    status: text("status").$type<KycStatus>().notNull(),
    submittedAt: at("submitted_at"),
    decidedAt: at("decided_at"),
    /** Machine codes of the last rejection, and the text the customer is shown. */
    rejectReasons: text("reject_reasons").array().notNull().default(sql`'{}'::text[]`),
    rejectMessage: text("reject_message"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    index("kyc_applications_customer").on(t.merchantId, t.customerId, t.createdAt),
    foreignKey({
      name: "kyc_applications_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    check("kyc_applications_kind", sql`${t.kind} in ('WIDGET', 'SUMSUB', 'KYC3')`),
    check("kyc_applications_target_level", sql`${t.targetLevel} = 'KYC_2'`),
    check(
      "kyc_applications_status",
      sql`${t.status} in ('READY_TO_START', 'IN_PROGRESS', 'UNDER_REVIEW', 'APPROVED', 'REJECTED', 'ACTION_NEEDED', 'SUPPORT')`,
    ),
  ],
);

/**
 * An uploaded document or selfie. The bytes live in the blob store under `blob_key`; `sha256`
 * proves them intact and finds the same file uploaded by another customer. A newer upload of the
 * same type in the same application supersedes the older one.
 */
export const kycDocuments = pgTable(
  "kyc_documents",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey().references(() => merchants.id),
    customerId: uuid("customer_id").notNull(),
    applicationId: uuid("application_id").notNull(),
    docType: text("doc_type").notNull(),
    issuedDate: date("issued_date", { mode: "string" }),
    issuedCountry: text("issued_country"),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    blobKey: text("blob_key").notNull(),
    supersededAt: at("superseded_at"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    index("kyc_documents_application").on(t.applicationId, t.docType),
    foreignKey({
      name: "kyc_documents_application_of_merchant",
      columns: [t.merchantId, t.applicationId],
      foreignColumns: [kycApplications.merchantId, kycApplications.id],
    }),
    foreignKey({
      name: "kyc_documents_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    index("kyc_documents_checksum").on(t.merchantId, t.sha256),
    check(
      "kyc_documents_content_type",
      sql`${t.contentType} in ('image/jpeg', 'image/png', 'application/pdf')`,
    ),
    check("kyc_documents_size", sql`${t.sizeBytes} > 0`),
  ],
);

/**
 * Every review decision the server received, applied or not: the provider's id makes a repeated
 * callback a no-op, and the record says what each one did.
 */
export const kycDecisions = pgTable(
  "kyc_decisions",
  {
    decisionId: text("decision_id").notNull(),
    merchantId: merchantKey(),
    applicationId: uuid("application_id").notNull(),
    outcome: text("outcome").notNull(),
    decidedAt: at("decided_at").notNull(),
    /** applied, or stale (older than the decision already applied). */
    effect: text("effect").notNull(),
    receivedAt: at("received_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.decisionId] }),
    foreignKey({
      name: "kyc_decisions_application_of_merchant",
      columns: [t.merchantId, t.applicationId],
      foreignColumns: [kycApplications.merchantId, kycApplications.id],
    }),
  ],
);

/** A limit-increase request's states: open while UNDER_REVIEW, then decided by an operator. */
export const LIMIT_REQUEST_STATUSES = ["UNDER_REVIEW", "APPROVED", "REJECTED"] as const;
export type LimitRequestStatus = (typeof LIMIT_REQUEST_STATUSES)[number];

/**
 * A KYC_2 customer's request for higher limits (spec §4, POST /v2/customer/kyc3/start), kept for
 * operators to decide. At most one is open per customer: a second request finds it. The merchant
 * leads the key, so the table can be distributed by merchant (docs/architecture.md "Scaling out").
 */
export const kycLimitRequests = pgTable(
  "kyc_limit_requests",
  {
    merchantId: merchantKey(),
    id: uuid("id").notNull(),
    customerId: uuid("customer_id").notNull(),
    status: text("status").$type<LimitRequestStatus>().notNull(),
    createdAt: createdAt(),
    decidedAt: at("decided_at"),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    foreignKey({
      name: "kyc_limit_requests_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    uniqueIndex("kyc_limit_requests_open")
      .on(t.merchantId, t.customerId)
      .where(sql`${t.status} = 'UNDER_REVIEW'`),
    check("kyc_limit_requests_status", sql`${t.status} in ('UNDER_REVIEW', 'APPROVED', 'REJECTED')`),
    check("kyc_limit_requests_decided", sql`(${t.status} = 'UNDER_REVIEW') = (${t.decidedAt} is null)`),
  ],
);

/**
 * A merchant's limits per KYC level and operation, in minor units of the merchant's fiat
 * currency. No row: the operation moves no money at that level (limits fail closed).
 */
export const kycLimits = pgTable(
  "kyc_limits",
  {
    merchantId: merchantKey().references(() => merchants.id),
    kycLevel: text("kyc_level").notNull(),
    operationType: text("operation_type").notNull(),
    perTransaction: minor("per_transaction").notNull(),
    daily: minor("daily").notNull(),
    monthly: minor("monthly").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.kycLevel, t.operationType] }),
    check("kyc_limits_level", sql`${t.kycLevel} in ('KYC_0', 'KYC_2')`),
    check(
      "kyc_limits_amounts",
      sql`${t.perTransaction} >= 0 and ${t.daily} >= ${t.perTransaction} and ${t.monthly} >= ${t.daily}`,
    ),
  ],
);

/**
 * A KYC_2 customer's own limits, set by compliance when approving their limit-increase request
 * (docs/backoffice.md "KYC review"): for the operations named here they replace the level's row of
 * `kyc_limits`. Minor units of the merchant's fiat currency, bounded like the level's rows.
 */
export const kycCustomerLimits = pgTable(
  "kyc_customer_limits",
  {
    merchantId: merchantKey(),
    customerId: uuid("customer_id").notNull(),
    operationType: text("operation_type").notNull(),
    perTransaction: minor("per_transaction").notNull(),
    daily: minor("daily").notNull(),
    monthly: minor("monthly").notNull(),
    /** The limit-increase request whose approval set them. */
    requestId: uuid("request_id").notNull(),
    setAt: at("set_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.customerId, t.operationType] }),
    foreignKey({
      name: "kyc_customer_limits_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    check(
      "kyc_customer_limits_amounts",
      sql`${t.perTransaction} >= 0 and ${t.daily} >= ${t.perTransaction} and ${t.monthly} >= ${t.daily}`,
    ),
  ],
);

/**
 * What a customer's operations used of their limits, written by money features through the KYC
 * service (`consume`). `reference` is the feature's operation id: consuming twice counts once.
 * A released row (operation voided) no longer counts.
 */
export const kycUsage = pgTable(
  "kyc_usage",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey(),
    customerId: uuid("customer_id").notNull(),
    operationType: text("operation_type").notNull(),
    amount: minor("amount").notNull(),
    currency: text("currency").notNull(),
    reference: text("reference").notNull(),
    createdAt: createdAt(),
    releasedAt: at("released_at"),
    /**
     * The customer's usage of this operation up to and including this row, released or not (a
     * prefix sum, kept by the trigger of db/functions/kyc_usage_running_total.sql): the usage
     * after any moment is the newest row's total less the total of the last row at or before it,
     * two index probes whatever the customer's history (docs/kyc.md "Limits").
     */
    runningTotal: minor("running_total").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    // A customer of this merchant (so the merchant exists too): one check a row instead of two.
    foreignKey({
      name: "kyc_usage_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    // The reference first: the window's sum (merchant, customer, ...) then has one index to
    // choose, whatever a generic plan made while the table was small guesses (migration 0019).
    uniqueIndex("kyc_usage_reference").on(t.reference, t.merchantId),
    // The customer's newest total (its highest: amounts are positive) and one total per row.
    uniqueIndex("kyc_usage_total").on(t.merchantId, t.customerId, t.operationType, t.runningTotal),
    // The last row at or before a window's start (rows of equal time: the highest total).
    index("kyc_usage_window").on(t.merchantId, t.customerId, t.operationType, t.createdAt, t.runningTotal),
    // Released usage in a window: only refunded operations, read apart.
    index("kyc_usage_released")
      .on(t.merchantId, t.customerId, t.operationType, t.createdAt)
      .where(sql`${t.releasedAt} is not null`),
    check("kyc_usage_amount", sql`${t.amount} > 0`),
    check("kyc_usage_running_total", sql`${t.runningTotal} >= ${t.amount}`),
  ],
);

export const KYC_REVIEW_MODES = ["manual", "sandbox"] as const;
export type KycReviewMode = (typeof KYC_REVIEW_MODES)[number];

/**
 * Who reviews a merchant's applications: `manual` (operators, in the back-office queue) or
 * `sandbox` (the automatic reviewer, sandbox mode only). No row: sandbox in sandbox mode,
 * manual otherwise. A configuration table (one row a merchant).
 */
export const kycReviewSettings = pgTable(
  "kyc_review_settings",
  {
    merchantId: merchantKey()
      .primaryKey()
      .references(() => merchants.id),
    mode: text("mode").$type<KycReviewMode>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("kyc_review_settings_mode", sql`${t.mode} in ('manual', 'sandbox')`)],
);
