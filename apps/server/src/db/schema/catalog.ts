import { KYC_LEVELS, type KycLevel } from "@kestrel/domain";
import { sql } from "drizzle-orm";
import { check, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { at, merchantKey, updatedAt } from "./columns.ts";
import { merchants } from "./merchants.ts";

/** Spec §2 and §3 operation types; the operations catalog lists each for every merchant. */
export const OPERATION_TYPES = [
  "EXCHANGE",
  "PAYIN_CARD",
  "PAYIN_CRYPTO",
  "PAYOUT_CARD",
  "PAYOUT_CRYPTO",
  "TRANSFER_MOBILE",
  "IBAN",
  "WITHDRAW_IBAN",
  "CARDS",
  "CARD_TOPUP_CRYPTO",
  "CARD_ORDER",
  "DEPOSITS",
  "PAYIN",
  "PAYOUT",
  "EXCHANGE_IBAN",
  "PAYIN_CARD_VALIDATION",
  "LAUNCHPAD_LOCK",
  // Cards (spec §2, §3): paying for a card apart from ordering it (a merchant may pause one
  // alone), then issue, delivery and payout to cards per provider (CP_3: the third provider).
  "PAY_FOR_CARD",
  "CARD_ISSUE_CP_1",
  "CARD_ISSUE_CP_2",
  "CARD_ISSUE_CP_3",
  "CARD_DELIVERY_CP_1",
  "CARD_DELIVERY_CP_2",
  "CARD_DELIVERY_CP_3",
  "CARD_PAYOUT_CP_1",
  "CARD_PAYOUT_CP_2",
  "CARD_PAYOUT_CP_3",
  "IB",
  "PAYIN_SKRILL",
  "PAYIN_ADVCASH",
] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

export const OPERATION_CONSTRAINTS = ["NONE", "DISABLED", "MAINTENANCE"] as const;
export type OperationConstraint = (typeof OPERATION_CONSTRAINTS)[number];

// The domain's list (packages/domain), shared with the web app and the back-office.
export { KYC_LEVELS, type KycLevel };

/**
 * A merchant's switch for one operation: open (NONE), off (DISABLED) or paused (MAINTENANCE),
 * and the KYC levels allowed to use it. Names and web routes are fixed in code, not stored.
 * No CHECK on operation_type: new types arrive with features and need no migration.
 */
export const merchantOperations = pgTable(
  "merchant_operations",
  {
    merchantId: merchantKey().references(() => merchants.id),
    operationType: text("operation_type").$type<OperationType>().notNull(),
    constraint: text("operation_constraint").$type<OperationConstraint>().notNull().default("NONE"),
    kycLevels: text("kyc_levels").array().$type<KycLevel[]>().notNull(),
    updatedAt: updatedAt(),
    /**
     * When `operation_constraint` last changed, set by a trigger whoever changes it
     * (db/functions/merchant_operations_status_since.sql): "in maintenance since" on /status.
     */
    statusSince: at("status_since").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.operationType] }),
    check("merchant_operations_constraint", sql`${t.constraint} in ('NONE', 'DISABLED', 'MAINTENANCE')`),
    check("merchant_operations_kyc_levels", sql`${t.kycLevels} <@ array['KYC_0', 'KYC_2']::text[]`),
  ],
);
