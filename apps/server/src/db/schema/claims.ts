import { sql } from "drizzle-orm";
import { check, foreignKey, index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { at, merchantKey, minor } from "./columns.ts";
import { customers } from "./customers.ts";

/** HELD until one of the other three, once (docs/send.md "Sending to someone not yet a customer"). */
export const CLAIM_STATUSES = ["HELD", "CLAIMED", "RETURNED", "CANCELLED"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/**
 * Money sent by phone to someone who is not a customer yet: it waits in the merchant's
 * `claims_held` house account until the phone's owner joins and claims it, or it goes back to the
 * sender (7 days unclaimed, or cancelled). Grows with customers: merchant_id leads every key
 * (Citus distribution column); `id` is the send's operation id (the txId the sender was told).
 */
export const claimableTransfers = pgTable(
  "claimable_transfers",
  {
    merchantId: merchantKey(),
    id: uuid("id").notNull(),
    senderId: uuid("sender_id").notNull(),
    /** E.164 digits without '+', as customers' phones are stored. */
    phone: text("phone").notNull(),
    currency: text("currency").notNull(),
    amount: minor("amount").notNull(),
    status: text("status").$type<ClaimStatus>().notNull(),
    expiresAt: at("expires_at").notNull(),
    /** Who claimed it (CLAIMED only). */
    recipientId: uuid("recipient_id"),
    /** The ledger operation that held the money (the send) and the one that let it go. */
    holdOperationId: uuid("hold_operation_id").notNull(),
    releaseOperationId: uuid("release_operation_id"),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    foreignKey({
      name: "claimable_transfers_sender_of_merchant",
      columns: [t.senderId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    foreignKey({
      name: "claimable_transfers_recipient_of_merchant",
      columns: [t.recipientId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    // What a phone's new owner may claim; the sweep's overdue ones.
    index("claimable_transfers_held_phone").on(t.merchantId, t.phone).where(sql`${t.status} = 'HELD'`),
    index("claimable_transfers_held_expiry").on(t.expiresAt).where(sql`${t.status} = 'HELD'`),
    // A sender's own sends: their history's details find each by its return.
    index("claimable_transfers_sender").on(t.merchantId, t.senderId),
    check(
      "claimable_transfers_status",
      sql.raw(`status in (${CLAIM_STATUSES.map((s) => `'${s}'`).join(", ")})`),
    ),
    check("claimable_transfers_amount", sql`${t.amount} > 0`),
    // Settled once, with what settled it: a claim names its recipient, nothing else does.
    check(
      "claimable_transfers_settled",
      sql`(${t.status} = 'HELD') = (${t.releaseOperationId} is null)
        and (${t.status} = 'CLAIMED') = (${t.recipientId} is not null)`,
    ),
  ],
);
