import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, merchantKey } from "./columns.ts";
import { merchants } from "./merchants.ts";

/** The parts of a merchant's configuration an operator changes one at a time (docs/backoffice.md). */
export const CONFIG_SECTIONS = [
  "operations",
  "branding",
  "texts",
  "links",
  "cardPrograms",
  "fees",
  "limits",
] as const;
export type ConfigSection = (typeof CONFIG_SECTIONS)[number];

/**
 * Every change of a merchant's configuration: the section's whole state before and after, who
 * made it and why. Append-only like the audit trail (db/functions/merchant_config_versions_forbid_change.sql);
 * a rollback is a new version whose `after` is an older version's. It grows with use, so the
 * merchant leads the key (Citus: distributed by merchant).
 */
export const merchantConfigVersions = pgTable(
  "merchant_config_versions",
  {
    merchantId: merchantKey().references(() => merchants.id),
    /** 1, 2, 3... per merchant, across sections: the order changes were made in. */
    version: integer("version").notNull(),
    section: text("section").$type<ConfigSection>().notNull(),
    before: jsonb("before").$type<unknown>().notNull(),
    after: jsonb("after").$type<unknown>().notNull(),
    operatorId: uuid("operator_id"),
    operatorEmail: text("operator_email"),
    reason: text("reason"),
    /** The version this one restored, when it is a rollback. */
    restoredVersion: integer("restored_version"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.version] }),
    check("merchant_config_versions_positive", sql`${t.version} > 0`),
    check(
      "merchant_config_versions_section",
      sql`${t.section} in ('operations', 'branding', 'texts', 'links', 'cardPrograms', 'fees', 'limits')`,
    ),
  ],
);
