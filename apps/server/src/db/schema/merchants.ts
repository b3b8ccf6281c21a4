import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, merchantKey } from "./columns.ts";

/** settingsData of /web/info: the merchant's look. */
export type MerchantSettings = {
  favicon: string;
  horizontalImage: string;
  buttonColor1: string;
  buttonColor2: string;
  backgroundColor: string;
  backgroundImage: string | null;
  /** Text on each colour, chosen in the back-office; absent: black or white, whichever reads. */
  buttonTextColor1?: string | null;
  buttonTextColor2?: string | null;
  textColor?: string | null;
};

/**
 * How a merchant names and describes a card program to its customers (docs/cards.md "Names"),
 * and the card designs it offers (ids of the card colours; absent: every one). An empty name is
 * the generic one.
 */
export type CardProgramText = { name: string; description: string; designIds?: number[] };

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
    /** The merchant's account at the support chat vendor; the web opens that chat (docs/support.md). */
    supportChatKey: text("support_chat_key"),
    /** Where customers write when the merchant has no chat: an address, a page, or both. */
    supportEmail: text("support_email"),
    supportUrl: text("support_url"),
    social: jsonb("social").$type<{ name: string; url: string }[]>().notNull().default([]),
    documents: jsonb("documents")
      .$type<{ key: string; title: string; url: string }[]>()
      .notNull()
      .default([]),
    /** Display name and short description per card program (CP_1, CP_2); absent: a generic name. */
    cardPrograms: jsonb("card_programs")
      .$type<Partial<Record<string, CardProgramText>>>()
      .notNull()
      .default({}),
    textOverrides: jsonb("text_overrides").$type<Record<string, string>>().notNull().default({}),
    referralCodeRequired: boolean("referral_code_required").notNull().default(false),
    blockedCountries: text("blocked_countries").array().notNull(),
    currencies: text("currencies").array().notNull(),
    fiatCurrency: text("fiat_currency").notNull().default("EUR"),
    /** Half-spread around the mid rate, in basis points, that this merchant quotes customers. */
    fxSpreadBps: integer("fx_spread_bps").notNull().default(50),
    /**
     * ISO alpha-2 country that /location answers when the client's IP has no country (loopback,
     * private networks, addresses the IP database does not know). See docs/merchants.md.
     */
    homeCountry: text("home_country").notNull().default("DE"),
    /** The basic client credential anonymous calls carry: id public, secret stored hashed. */
    clientId: text("client_id").notNull().unique(),
    clientSecretHash: text("client_secret_hash").notNull(),
    /** Key of the request signature (HMAC) of sign-up, token and reset calls. */
    signingKey: text("signing_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("merchants_one_default").on(t.isDefault).where(sql`${t.isDefault}`),
    check("merchants_home_country_iso", sql`${t.homeCountry} ~ '^[A-Z]{2}$'`),
    check("merchants_support_email_shape", sql`${t.supportEmail} ~ '^[^@\\s]+@[^@\\s]+$'`),
    check("merchants_support_url_https", sql`${t.supportUrl} ~ '^https?://'`),
  ],
);

export const BANNER_POSITIONS = ["right", "bottom"] as const;
export type BannerPosition = (typeof BANNER_POSITIONS)[number];

/** Promotional banners of the merchant's web app, per locale and position, shown in `sort` order. */
export const merchantBanners = pgTable(
  "merchant_banners",
  {
    id: uuid("id").primaryKey(),
    merchantId: merchantKey().references(() => merchants.id),
    locale: text("locale").notNull().default("en"),
    position: text("position").$type<BannerPosition>().notNull(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    imageUrl: text("image_url"),
    link: text("link"),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [
    index("merchant_banners_listing").on(t.merchantId, t.locale, t.position, t.sort),
    check("merchant_banners_position", sql`${t.position} in ('right', 'bottom')`),
  ],
);

/** The merchant's FAQ, per locale, shown in `sort` order. */
export const merchantFaq = pgTable(
  "merchant_faq",
  {
    id: uuid("id").primaryKey(),
    merchantId: merchantKey().references(() => merchants.id),
    locale: text("locale").notNull().default("en"),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("merchant_faq_listing").on(t.merchantId, t.locale, t.sort)],
);

/**
 * Spec §3 feature flags. `level` ALL switches every allowed flag on; FULL offers exactly the
 * flags in `allowed`; KYC offers identity verification only, none of the money features.
 * Meanings are ours (the spec names the flags only): see docs/merchants.md.
 */
export const FEATURE_LEVELS = ["ALL", "FULL", "KYC"] as const;
export type FeatureLevel = (typeof FEATURE_LEVELS)[number];

export const ALLOWED_FLAGS = [
  "CP_1_PLASTIC",
  "CP_1_VIRTUAL",
  "CP_1_PLASTIC_DELIVERY",
  "CP_1_IBAN",
  "CP_2_PLASTIC",
  "CP_2_VIRTUAL",
  "CP_2_PLASTIC_DELIVERY",
  "CP_2_IBAN",
  "CARD_PAYIN",
  "CARD_PAYOUT",
] as const;
export type AllowedFlag = (typeof ALLOWED_FLAGS)[number];

export const merchantFeatureFlags = pgTable(
  "merchant_feature_flags",
  {
    merchantId: merchantKey()
      .primaryKey()
      .references(() => merchants.id),
    level: text("level").$type<FeatureLevel>().notNull(),
    allowed: text("allowed").array().$type<AllowedFlag[]>().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [check("merchant_feature_flags_level", sql`${t.level} in ('ALL', 'FULL', 'KYC')`)],
);
