import { sql } from "drizzle-orm";
import { check, foreignKey, index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { at, createdAt, merchantKey } from "./columns.ts";
import { customers } from "./customers.ts";

/** What the security centre's event record says happened (docs/accounts.md "Security centre"). */
export const SECURITY_EVENT_KINDS = [
  "SIGN_IN",
  "PASSWORD_CHANGED",
  "EMAIL_CHANGED",
  "CARD_PIN_SET",
  "CARD_NUMBER_SHOWN",
  "CARD_FROZEN",
  "CARD_UNFROZEN",
  "SESSION_SIGNED_OUT",
  "ALL_SIGNED_OUT",
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/**
 * One entry of the security record, as the module that acted hands it over with its transaction.
 * Declared beside its table: auth writes events through a recorder it is handed (the security
 * module composes auth, so auth cannot import it).
 */
export type SecurityEvent = {
  merchantId: string;
  customerId: string;
  kind: SecurityEventKind;
  /** The session that acted (or, for a sign-in, the session it opened). */
  sessionId?: string | null;
  /** What the page shows beside the event: device, country, card's last digits. Never a secret. */
  details?: Record<string, string>;
};

/**
 * One record of a customer's security events, written in the transaction of the action it
 * records: a sign-in that rolls back leaves no event, an event never lacks its action.
 * Append-only; grows with customers, so merchant_id leads its keys (Citus distribution column).
 */
export const securityEvents = pgTable(
  "security_events",
  {
    merchantId: merchantKey(),
    id: uuid("id").notNull(),
    customerId: uuid("customer_id").notNull(),
    kind: text("kind").$type<SecurityEventKind>().notNull(),
    /** The session that acted, when one did (a sign-in's new session, the session that signed out another). */
    sessionId: uuid("session_id"),
    /** Device label, country and the like, as the event's page shows them; never a secret. */
    details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    index("security_events_customer").on(t.merchantId, t.customerId, t.createdAt),
    foreignKey({
      name: "security_events_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    check(
      "security_events_kind",
      sql.raw(`kind in (${SECURITY_EVENT_KINDS.map((k) => `'${k}'`).join(", ")})`),
    ),
  ],
);

/**
 * The "This wasn't me" links of new-device alerts: single use, stored as SHA-256 hashes, 24 hours.
 * Keyed by merchant first (Citus-ready); the link is opened on the merchant's own host.
 */
export const securityAlertLinks = pgTable(
  "security_alert_links",
  {
    merchantId: merchantKey(),
    tokenHash: text("token_hash").notNull(),
    customerId: uuid("customer_id").notNull(),
    /** The session whose sign-in the alert told of. */
    sessionId: uuid("session_id").notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.tokenHash] }),
    foreignKey({
      name: "security_alert_links_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
  ],
);
