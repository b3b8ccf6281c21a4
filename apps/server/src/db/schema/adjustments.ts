import { sql } from "drizzle-orm";
import { check, foreignKey, index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { at, merchantKey, minor } from "./columns.ts";
import { customers } from "./customers.ts";
import { operators } from "./operators.ts";

export const ADJUSTMENT_DIRECTIONS = ["CREDIT", "DEBIT"] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];
export const ADJUSTMENT_STATUSES = ["PROPOSED", "APPROVED", "REJECTED", "EXPIRED"] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

/**
 * A correction of a customer's wallet with four eyes (docs/backoffice.md "Adjustments"): one
 * operator proposes it against a named house account, another approves (one ledger operation,
 * keyed by this row's id) or rejects it; past `expires_at` it moves nothing. It grows with
 * customers, so the merchant leads every key and the customer is referred to with it (Citus).
 */
export const adjustmentProposals = pgTable(
  "adjustment_proposals",
  {
    merchantId: merchantKey(),
    id: uuid("id").notNull(),
    customerId: uuid("customer_id").notNull(),
    /** The customer's wallet of this currency is credited or debited. */
    currency: text("currency").notNull(),
    direction: text("direction").$type<AdjustmentDirection>().notNull(),
    /** Minor units of `currency`. */
    amount: minor("amount").notNull(),
    /** The house account kind on the other side of the transfer (HOUSE_ACCOUNT_KINDS). */
    houseAccount: text("house_account").notNull(),
    /** What the customer reads in their history. */
    customerReason: text("customer_reason").notNull(),
    /** Why, for the audit: never shown to the customer. */
    auditReason: text("audit_reason").notNull(),
    status: text("status").$type<AdjustmentStatus>().notNull(),
    proposedBy: uuid("proposed_by")
      .notNull()
      .references(() => operators.id),
    proposedByEmail: text("proposed_by_email").notNull(),
    decidedBy: uuid("decided_by").references(() => operators.id),
    decidedByEmail: text("decided_by_email"),
    /** The approver's or rejecter's note. */
    decisionReason: text("decision_reason"),
    /** The ledger operation the approval posted. */
    ledgerOperationId: uuid("ledger_operation_id"),
    createdAt: at("created_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    decidedAt: at("decided_at"),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    foreignKey({
      name: "adjustment_proposals_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    // The queue: waiting first, oldest first, per merchant.
    index("adjustment_proposals_queue").on(t.merchantId, t.status, t.createdAt),
    index("adjustment_proposals_customer").on(t.merchantId, t.customerId, t.createdAt),
    // Four eyes, whatever code writes the row.
    check("adjustment_proposals_four_eyes", sql`${t.decidedBy} <> ${t.proposedBy}`),
    check("adjustment_proposals_direction", sql`${t.direction} in ('CREDIT', 'DEBIT')`),
    check("adjustment_proposals_status", sql`${t.status} in ('PROPOSED', 'APPROVED', 'REJECTED', 'EXPIRED')`),
    check("adjustment_proposals_amount", sql`${t.amount} > 0`),
    // An approval posted exactly one operation and names who decided; a rejection names who; an
    // expiry and a waiting proposal name no one.
    check(
      "adjustment_proposals_decision",
      sql`(${t.status} = 'APPROVED') = (${t.ledgerOperationId} is not null)
        and (${t.status} in ('APPROVED', 'REJECTED')) = (${t.decidedBy} is not null)
        and (${t.status} = 'PROPOSED') = (${t.decidedAt} is null)`,
    ),
  ],
);
