import { index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, merchantKey } from "./columns.ts";

/**
 * What the sandbox SMS and email providers "sent". A production adapter hands the message to the
 * real gateway instead; these tables then stay empty. They grow with customers, so the merchant
 * leads the primary key (Citus: distributed by merchant; docs/scaling.md).
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey(),
    phone: text("phone").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.id] }), index("sms_outbox_phone").on(t.phone, t.createdAt)],
);

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.id] }), index("email_outbox_to").on(t.to, t.createdAt)],
);
