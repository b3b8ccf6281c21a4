import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { at, createdAt, merchantKey } from "./columns.ts";
import { merchants } from "./merchants.ts";

/**
 * A customer of one merchant. The same phone at two merchants is two customers: every lookup
 * is by (merchant, phone).
 */
export const customers = pgTable(
  "customers",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey().references(() => merchants.id),
    /** E.164 digits without '+'. */
    phone: text("phone").notNull(),
    phoneConfirmed: boolean("phone_confirmed").notNull().default(false),
    passwordHash: text("password_hash").notNull(),
    email: text("email"),
    emailConfirmed: boolean("email_confirmed").notNull().default(false),
    firstName: text("first_name"),
    lastName: text("last_name"),
    residenceCountry: text("residence_country"),
    residenceStreet: text("residence_street"),
    residenceCity: text("residence_city"),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    taxId: text("tax_id"),
    taxCountry: text("tax_country"),
    /** This customer's own code, to invite others. */
    ownReferralCode: text("own_referral_code").notNull(),
    /** The code this customer entered (someone else's). */
    referralCode: text("referral_code"),
    referredBy: uuid("referred_by"),
    kycLevel: text("kyc_level").notNull().default("KYC_0"),
    kycStatus: text("kyc_status").notNull().default("NONE"),
    pushEnabled: boolean("push_enabled").notNull().default(false),
    /** Sign-in failures in a row; reset by a success. Locks sign-in for a while past a limit. */
    failedSignIns: integer("failed_sign_ins").notNull().default(0),
    lockedUntil: at("locked_until"),
    /** Set by an operator (docs/backoffice.md): no sign-in and no money out; money in still lands. */
    blockedAt: at("blocked_at"),
    blockedReason: text("blocked_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    // The merchant first: a merchant's customers sit together (docs/scaling.md).
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex("customers_merchant_phone").on(t.merchantId, t.phone),
    uniqueIndex("customers_merchant_referral").on(t.merchantId, t.ownReferralCode),
    // What another table's (customer, merchant) refers to: a customer of that very merchant.
    uniqueIndex("customers_id_merchant").on(t.id, t.merchantId),
  ],
);

/** Devices a customer has confirmed by SMS; an unknown device needs a code at sign-in. */
export const customerDevices = pgTable(
  "customer_devices",
  {
    merchantId: merchantKey(),
    customerId: uuid("customer_id").notNull(),
    deviceId: text("device_id").notNull(),
    pushToken: text("push_token"),
    pushEnabled: boolean("push_enabled").notNull().default(false),
    confirmedAt: at("confirmed_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.customerId, t.deviceId] }),
    foreignKey({
      name: "customer_devices_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
  ],
);

/**
 * The customer's own answers, asked once and prefilled wherever asked again (issue 47): the
 * personal questionnaire (card order, IBAN order) and the billing address (card order, IBAN
 * order, a pay-in card). Each flow writes it in the transaction of its step; the customer may
 * change it (PUT /v2/customer/profile/answers). Null columns: not answered yet.
 */
export const customerAnswers = pgTable(
  "customer_answers",
  {
    merchantId: merchantKey(),
    customerId: uuid("customer_id").notNull(),
    isUsRelated: boolean("is_us_related"),
    usRelatedPerson: text("us_related_person"),
    incomeSources: text("income_sources").array(),
    additionalSources: text("additional_sources"),
    estimatedMonthlyTurnoverRange: text("estimated_monthly_turnover_range"),
    taxCountry: text("tax_country"),
    taxId: text("tax_id"),
    billingCountry: text("billing_country"),
    billingCity: text("billing_city"),
    billingAddress: text("billing_address"),
    billingAddress2: text("billing_address2"),
    billingPostalCode: text("billing_postal_code"),
    billingState: text("billing_state"),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.customerId] }),
    foreignKey({
      name: "customer_answers_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
  ],
);

/** A signed-in device. Refresh tokens rotate inside it; revoking it ends them all. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey(),
    customerId: uuid("customer_id").notNull(),
    deviceId: text("device_id"),
    /** What the security centre calls the device: browser and system from the User-Agent. */
    deviceLabel: text("device_label"),
    /** ISO country of the IP the session signed in from; null when the address has none (loopback). */
    country: text("country"),
    createdAt: createdAt(),
    /** Moved forward at most once a minute, on a refresh or a signed-in call (no write per request). */
    lastActiveAt: at("last_active_at").notNull().defaultNow(),
    revokedAt: at("revoked_at"),
    revokedReason: text("revoked_reason"),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    index("sessions_customer").on(t.customerId),
    foreignKey({
      name: "sessions_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
  ],
);

/** Refresh tokens, stored as hashes. A used one stays, so its reuse is seen and punished. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").notNull(),
    merchantId: merchantKey(),
    sessionId: uuid("session_id").notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.tokenHash] }),
    foreignKey({
      name: "refresh_tokens_session_of_merchant",
      columns: [t.merchantId, t.sessionId],
      foreignColumns: [sessions.merchantId, sessions.id],
    }),
  ],
);

/** One-time SMS codes: hashed, short-lived, a few tries. */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey(),
    phone: text("phone").notNull(),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: at("expires_at").notNull(),
    consumedAt: at("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    index("verification_codes_lookup").on(t.merchantId, t.phone, t.purpose, t.createdAt),
  ],
);

/** Email confirmation links: the token is stored hashed. */
export const emailTokens = pgTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").notNull(),
    merchantId: merchantKey(),
    customerId: uuid("customer_id").notNull(),
    email: text("email").notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    /** When the link was sent: the next one waits 60 s from it, as a code does. */
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.tokenHash] }),
    foreignKey({
      name: "email_tokens_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
  ],
);

/** Fixed-window counters for abuse limits, kept in the database so every instance sees them. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: at("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Captcha passes: a solved challenge may be spent once (by sign-up). */
export const captchaPasses = pgTable(
  "captcha_passes",
  {
    tokenHash: text("token_hash").notNull(),
    merchantId: merchantKey(),
    expiresAt: at("expires_at").notNull(),
    spentAt: at("spent_at"),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.tokenHash] })],
);
