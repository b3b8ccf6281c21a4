import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { at, createdAt, merchantKey, minor } from "./columns.ts";
import { customers } from "./customers.ts";
import { merchants } from "./merchants.ts";

/** Spec §1: the two card programs a merchant may offer (the third provider is catalog-only). */
export const CARD_PROGRAM_CODES = ["CP_1", "CP_2"] as const;
export const CARD_FORMS = ["PLASTIC", "VIRTUAL"] as const;
export type CardForm = (typeof CARD_FORMS)[number];
/** Spec §3 card colours (the design a customer picks), with their hex values in cards/constants. */
export const CARD_COLOURS = ["BLACK", "BLUE", "ORANGE", "PURPLE", "GOLD"] as const;
export const CARD_PLANS = [
  "NONE",
  "FIX",
  "FIX_CHO",
  "FLEX",
  "FLEX_CHO",
  "FLEX_WEEKLY",
  "FLEX_WEEKLY_CHO",
] as const;
export type CardPlan = (typeof CARD_PLANS)[number];
/** Spec §3 card statuses (one list). */
export const CARD_STATUSES = [
  "COLLECTION",
  "IN_PROGRESS",
  "ACTIVATION",
  "ACTIVE",
  "SUPPORT",
  "ACTION_NEEDED",
  "SOFT_BLOCKED",
  "HARD_BLOCKED",
  "INACTIVE",
  "BLOCKED",
  "MULTI_ACCOUNT",
  "KYC_FORBIDDEN_COUNTRY",
  "PREORDERED",
] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];
export const CARD_DELIVERY_STATES = [
  "ORDER_PENDING",
  "ORDERED",
  "IN_DELIVERY",
  "ACTIVATED",
  "SUPPORT",
] as const;
export type CardDeliveryState = (typeof CARD_DELIVERY_STATES)[number];
/** Spec §2 step names: where an unfinished order stopped, so it resumes there. */
export const CARD_ORDER_STEPS = [
  "SELECT_CURRENCY",
  "CARD_TYPE",
  "VERIFICATION",
  "CONFIRMATION",
  "INFORMATION",
  "CARDHOLDER_NAME",
  "BILLING_ADDRESS",
  "CHECKOUT",
] as const;
export type CardOrderStep = (typeof CARD_ORDER_STEPS)[number];
/** open: collecting; paid: paid, at the issuer; issued: a card exists; cancelled: refunded if paid. */
export const CARD_REQUEST_STATUSES = ["OPEN", "PAID", "ISSUED", "CANCELLED"] as const;
export type CardRequestStatus = (typeof CARD_REQUEST_STATUSES)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * What a card costs per merchant, program and form (spec §3 fees and plan): the price and the
 * delivery in EUR minor units, the plan, and the card's running fees as percent strings.
 */
export const cardPrices = pgTable(
  "card_prices",
  {
    merchantId: merchantKey().references(() => merchants.id),
    program: text("program").notNull(),
    cardType: text("card_type").$type<CardForm>().notNull(),
    currency: text("currency").notNull(),
    price: minor("price").notNull(),
    delivery: minor("delivery").notNull(),
    plan: text("plan").$type<CardPlan>().notNull(),
    /** { clientMarkUpFee, supplierFee, vaultFee }: percents as decimal strings. */
    fees: jsonb("fees").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.program, t.cardType] }),
    check("card_prices_program", sql`${t.program} in (${inList(CARD_PROGRAM_CODES)})`),
    check("card_prices_type", sql`${t.cardType} in (${inList(CARD_FORMS)})`),
    check("card_prices_plan", sql`${t.plan} in (${inList(CARD_PLANS)})`),
    check("card_prices_amounts", sql`${t.price} >= 0 and ${t.delivery} >= 0`),
  ],
);

/** Promo codes a merchant gives on card orders: a discount on the card price in basis points. */
export const cardPromoCodes = pgTable(
  "card_promo_codes",
  {
    merchantId: merchantKey().references(() => merchants.id),
    code: text("code").notNull(),
    discountBps: integer("discount_bps").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.code] }),
    check("card_promo_codes_discount", sql`${t.discountBps} > 0 and ${t.discountBps} <= 10000`),
  ],
);

/**
 * A customer's card order: what they chose and entered so far, the step it stopped at, and its
 * payment (the quote engine's CARD_ORDER offer and the ledger operation) and refund.
 */
export const cardRequests = pgTable(
  "card_requests",
  {
    merchantId: merchantKey(),
    id: uuid("id").notNull(),
    customerId: uuid("customer_id").notNull(),
    program: text("program").notNull(),
    cardType: text("card_type").$type<CardForm>().notNull(),
    colour: text("colour").notNull(),
    status: text("status").$type<CardRequestStatus>().notNull(),
    step: text("step").$type<CardOrderStep>().notNull(),
    billingAddress: jsonb("billing_address"),
    shippingAddress: jsonb("shipping_address"),
    shippingMatchBilling: boolean("shipping_match_billing").notNull().default(true),
    cardholderFirstName: text("cardholder_first_name"),
    cardholderLastName: text("cardholder_last_name"),
    promoCode: text("promo_code"),
    paymentOfferId: uuid("payment_offer_id"),
    paymentOperationId: uuid("payment_operation_id"),
    paidCurrency: text("paid_currency"),
    paidAmount: minor("paid_amount"),
    refundOperationId: uuid("refund_operation_id"),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    foreignKey({
      name: "card_requests_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    index("card_requests_customer").on(t.merchantId, t.customerId, t.createdAt),
    check("card_requests_program", sql`${t.program} in (${inList(CARD_PROGRAM_CODES)})`),
    check("card_requests_type", sql`${t.cardType} in (${inList(CARD_FORMS)})`),
    check("card_requests_colour", sql`${t.colour} in (${inList(CARD_COLOURS)})`),
    check("card_requests_status", sql`${t.status} in (${inList(CARD_REQUEST_STATUSES)})`),
    check("card_requests_step", sql`${t.step} in (${inList(CARD_ORDER_STEPS)})`),
    // Paid (or issued, or cancelled after paying) exactly when the payment's fields are all set.
    check(
      "card_requests_payment",
      sql`(${t.paymentOperationId} is null) = (${t.paidAmount} is null)
        and (${t.paymentOperationId} is null) = (${t.paidCurrency} is null)
        and (${t.status} not in ('PAID', 'ISSUED') or ${t.paymentOperationId} is not null)`,
    ),
    // A refund only of a paid order that was cancelled.
    check(
      "card_requests_refund",
      sql`${t.refundOperationId} is null or (${t.status} = 'CANCELLED' and ${t.paymentOperationId} is not null)`,
    ),
  ],
);

/**
 * A card the issuer made for a paid request. The card's number and CVV stay with the issuer,
 * encrypted (providers/issuer); this table holds only the last four digits and the expiry.
 */
export const cards = pgTable(
  "cards",
  {
    merchantId: merchantKey(),
    id: uuid("id").notNull(),
    customerId: uuid("customer_id").notNull(),
    requestId: uuid("request_id").notNull(),
    program: text("program").notNull(),
    cardType: text("card_type").$type<CardForm>().notNull(),
    colour: text("colour").notNull(),
    issuerCardId: text("issuer_card_id").notNull(),
    last4: text("last4").notNull(),
    expiryMonth: integer("expiry_month").notNull(),
    expiryYear: integer("expiry_year").notNull(),
    cardholderName: text("cardholder_name").notNull(),
    status: text("status").$type<CardStatus>().notNull(),
    deliveryState: text("delivery_state").$type<CardDeliveryState>(),
    activatedAt: at("activated_at"),
    /** The customer's own name for the card (POST /v2/card/{cardId}/label); null: none. */
    label: text("label"),
    /** When the customer last set a PIN (the PIN itself is only at the issuer). */
    pinSetAt: at("pin_set_at"),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    unique("cards_request").on(t.merchantId, t.requestId),
    unique("cards_issuer_card").on(t.merchantId, t.issuerCardId),
    foreignKey({
      name: "cards_request_of_merchant",
      columns: [t.merchantId, t.requestId],
      foreignColumns: [cardRequests.merchantId, cardRequests.id],
    }),
    foreignKey({
      name: "cards_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    check("cards_status", sql`${t.status} in (${inList(CARD_STATUSES)})`),
    check(
      "cards_delivery_state",
      sql`${t.deliveryState} is null or ${t.deliveryState} in (${inList(CARD_DELIVERY_STATES)})`,
    ),
    // Plastic cards travel; virtual ones never have a delivery state.
    check("cards_delivery_plastic", sql`(${t.cardType} = 'PLASTIC') = (${t.deliveryState} is not null)`),
    check("cards_last4", sql`${t.last4} ~ '^[0-9]{4}$'`),
    check("cards_expiry", sql`${t.expiryMonth} between 1 and 12 and ${t.expiryYear} between 2000 and 2100`),
    check("cards_label", sql`${t.label} is null or char_length(${t.label}) between 1 and 30`),
  ],
);

/**
 * What a card issuer asks of the customer besides the order and the profile's tax residence
 * (PUT /v1/customer/profile/tax, the customers module): the additional personal info (income,
 * turnover, US and PEP links), given once per customer for every card.
 */
export const cardCustomerInfo = pgTable(
  "card_customer_info",
  {
    merchantId: merchantKey(),
    customerId: uuid("customer_id").notNull(),
    personalInfo: jsonb("personal_info").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.customerId] }),
    foreignKey({
      name: "card_customer_info_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
  ],
);

/**
 * The server's RSA key pairs for codes the app sends encrypted (activation codes now; PIN and
 * reveal later). The private key is stored AES-256-GCM encrypted under a card data key (its id
 * kept), so a database dump alone does not open it. The newest active pair is the one offered.
 */
export const cardRsaKeys = pgTable("card_rsa_keys", {
  id: uuid("id").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKeyCiphertext: text("private_key_ciphertext").notNull(),
  dataKeyId: text("data_key_id").notNull(),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
});
