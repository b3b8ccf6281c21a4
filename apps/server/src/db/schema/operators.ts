import { OPERATOR_ROLES, type OperatorRole } from "@kestrel/domain";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { at, createdAt, merchantKey } from "./columns.ts";
import { merchants } from "./merchants.ts";

// The back-office's people and what they did (docs/backoffice.md). Operators are not customers:
// their own table, their own sessions, never a customer token.

// The domain's list (packages/domain), shared with the web app and the back-office.
export { OPERATOR_ROLES, type OperatorRole };

/**
 * An operator: the platform's staff (no merchant: every merchant) or one merchant's. A small
 * configuration table (a few rows a merchant, written by hand), so on Citus it is a reference
 * table copied to every node, like `merchants`: it needs no merchant in its key, and a platform
 * admin, who belongs to no merchant, is a plain row with `merchant_id` null.
 */
export const operators = pgTable(
  "operators",
  {
    id: uuid("id").primaryKey(),
    merchantId: uuid("merchant_id").references(() => merchants.id),
    /** Lower case; unique across the platform (an operator signs in without naming a merchant). */
    email: text("email").notNull().unique(),
    role: text("role").$type<OperatorRole>().notNull(),
    /** argon2id. */
    passwordHash: text("password_hash").notNull(),
    /** Base32 TOTP secret (RFC 6238, SHA-1, 6 digits, 30 s). */
    totpSecret: text("totp_secret").notNull(),
    /** The last time step a code was accepted for: a code is good once (RFC 6238 §5.2). */
    totpLastStep: integer("totp_last_step").notNull().default(0),
    /** Password or code failures in a row; past the limit sign-in is locked until `locked_until`. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    lockedUntil: at("locked_until"),
    /** The password was generated (`npm run operator:create`): it must be changed before anything else. */
    passwordChangeRequired: boolean("password_change_required").notNull().default(false),
    disabledAt: at("disabled_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "operators_role",
      sql`${t.role} in ('PLATFORM_ADMIN', 'MERCHANT_ADMIN', 'COMPLIANCE', 'SUPPORT', 'FINANCE')`,
    ),
    // A platform admin has no merchant; everyone else has exactly one.
    check("operators_merchant", sql`(${t.role} = 'PLATFORM_ADMIN') = (${t.merchantId} is null)`),
  ],
);

/**
 * An operator's browser session: the cookie holds a random token, this row its SHA-256. It is
 * PASSWORD after the password (only the code may follow), ACTIVE after the code. Lives with
 * the operators table (a reference table on Citus: a handful of rows per operator).
 */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id),
    stage: text("stage").$type<"PASSWORD" | "ACTIVE">().notNull(),
    /** Sent back in X-CSRF-Token on every call that changes something. */
    csrfToken: text("csrf_token").notNull(),
    createdAt: createdAt(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    endedAt: at("ended_at"),
  },
  (t) => [
    index("operator_sessions_operator").on(t.operatorId),
    check("operator_sessions_stage", sql`${t.stage} in ('PASSWORD', 'ACTIVE')`),
  ],
);

/** The audit trail's scope of what concerns no merchant (a platform admin signing in). */
export const PLATFORM_SCOPE = "00000000-0000-0000-0000-000000000000";

/**
 * The audit trail: every operator action, every refusal, every view of an identity document or
 * of a customer's card or IBAN details. Append-only (db/functions/operator_audit_append_only.sql).
 * It grows with use, so the merchant leads its key (Citus: distributed by merchant); what
 * concerns no merchant is filed under PLATFORM_SCOPE (no foreign key to merchants for that).
 */
export const operatorAudit = pgTable(
  "operator_audit",
  {
    merchantId: merchantKey(),
    id: uuid("id").notNull(),
    /** Null when no operator is known (a sign-in with an unknown email). */
    operatorId: uuid("operator_id"),
    operatorEmail: text("operator_email"),
    action: text("action").notNull(),
    outcome: text("outcome").$type<"DONE" | "REFUSED">().notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    changes: jsonb("changes").$type<Record<string, unknown>>(),
    reason: text("reason"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    index("operator_audit_time").on(t.merchantId, t.createdAt),
    index("operator_audit_target").on(t.merchantId, t.targetId),
    check("operator_audit_outcome", sql`${t.outcome} in ('DONE', 'REFUSED')`),
  ],
);
