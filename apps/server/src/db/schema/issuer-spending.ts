import { sql } from "drizzle-orm";
import { check, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, merchantKey, minor, updatedAt } from "./columns.ts";

/**
 * The sandbox card issuer's card transactions (providers/issuer/sandbox-spending.ts): a purchase
 * at a shop on one of its cards, the program manager's answer to its authorisation, and what
 * followed (settled, reversed, refunded). AUTHORISING waits on that answer (its callback is
 * retried until it comes).
 */
export const sandboxIssuerTransactions = pgTable(
  "sandbox_issuer_transactions",
  {
    id: text("id").primaryKey(),
    merchantId: merchantKey(),
    issuerCardId: text("issuer_card_id").notNull(),
    shop: text("shop").notNull(),
    amount: minor("amount").notNull(),
    currency: text("currency").notNull(),
    state: text("state").notNull(),
    declineReason: text("decline_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("sandbox_issuer_transactions_card").on(t.issuerCardId, t.createdAt),
    check(
      "sandbox_issuer_transactions_state",
      sql`${t.state} in ('AUTHORISING', 'APPROVED', 'DECLINED', 'SETTLED', 'REVERSED', 'REFUNDED')`,
    ),
    check("sandbox_issuer_transactions_amount", sql`${t.amount} > 0`),
  ],
);
