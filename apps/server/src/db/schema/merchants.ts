import { sql } from "drizzle-orm";
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** settingsData of /web/info: the merchant's look. */
export type MerchantSettings = {
  favicon: string;
  horizontalImage: string;
  buttonColor1: string;
  buttonColor2: string;
  backgroundColor: string;
  backgroundImage: string | null;
};

/** A white-label tenant. Every customer, wallet and operation belongs to exactly one. */
export const merchants = pgTable(
  "merchants",
  {
    id: uuid("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    /** Host names that select this merchant when no X-Merchant-ID header is sent. */
    hosts: text("hosts").array().notNull().default(sql`'{}'::text[]`),
    isDefault: boolean("is_default").notNull().default(false),
    title: text("title").notNull(),
    settings: jsonb("settings").$type<MerchantSettings>().notNull(),
    supportChatKey: text("support_chat_key"),
    social: jsonb("social").$type<{ name: string; url: string }[]>().notNull().default([]),
    documents: jsonb("documents")
      .$type<{ key: string; title: string; url: string }[]>()
      .notNull()
      .default([]),
    textOverrides: jsonb("text_overrides").$type<Record<string, string>>().notNull().default({}),
    referralCodeRequired: boolean("referral_code_required").notNull().default(false),
    blockedCountries: text("blocked_countries").array().notNull(),
    currencies: text("currencies").array().notNull(),
    fiatCurrency: text("fiat_currency").notNull().default("EUR"),
    /** The basic client credential anonymous calls carry: id public, secret stored hashed. */
    clientId: text("client_id").notNull().unique(),
    clientSecretHash: text("client_secret_hash").notNull(),
    /** Key of the request signature (HMAC) of sign-up, token and reset calls. */
    signingKey: text("signing_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("merchants_one_default").on(t.isDefault).where(sql`${t.isDefault}`)],
);
