import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { at, createdAt, merchantKey, minor, updatedAt } from "./columns.ts";

/**
 * The sandbox card issuer's own books (providers/issuer): the cards it issued, their number and
 * CVV encrypted (AES-256-GCM, `key_id` names the data key so keys can rotate), the plastic card's
 * trip and the activation code (hashed). The product's tables never hold a number or CVV.
 */
export const sandboxIssuerCards = pgTable(
  "sandbox_issuer_cards",
  {
    id: text("id").primaryKey(),
    merchantId: merchantKey(),
    /** The card request it was ordered for: an order is issued once. */
    orderRef: uuid("order_ref").notNull().unique(),
    program: text("program").notNull(),
    cardType: text("card_type").notNull(),
    phone: text("phone").notNull(),
    shippingCity: text("shipping_city"),
    /** Set once issued (the order waits on the issuer's clock before). */
    panCiphertext: text("pan_ciphertext"),
    cvvCiphertext: text("cvv_ciphertext"),
    keyId: text("key_id"),
    last4: text("last4"),
    expiryMonth: integer("expiry_month"),
    expiryYear: integer("expiry_year"),
    state: text("state").notNull(),
    activationCodeHash: text("activation_code_hash"),
    /** A plastic card's activation code, encrypted, until it is mailed with the card. */
    shippingCode: text("shipping_code"),
    failedActivations: integer("failed_activations").notNull().default(0),
    /** The card PIN, hashed (scrypt, salted per card): checked at a terminal, never shown. */
    pinHash: text("pin_hash"),
    /** Soft block (the customer's freeze): the issuer declines the card while it is set. */
    softBlocked: boolean("soft_blocked").notNull().default(false),
    /**
     * What the platform paid the issuer for the card (the order's fiat side, credited to
     * issuer_settlement in the ledger), minor units; null on orders from before 0066.
     */
    priceAmount: minor("price_amount"),
    priceCurrency: text("price_currency"),
    nextStepAt: at("next_step_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "sandbox_issuer_cards_state",
      sql`${t.state} in ('ORDER_RECEIVED', 'ISSUED', 'ORDER_PENDING', 'ORDERED', 'IN_DELIVERY', 'ACTIVATED', 'SUPPORT', 'CANCELLED')`,
    ),
    check(
      "sandbox_issuer_cards_price",
      sql`(${t.priceAmount} is null) = (${t.priceCurrency} is null) and ${t.priceAmount} >= 0`,
    ),
    check(
      "sandbox_issuer_cards_secrets",
      sql`(${t.panCiphertext} is null) = (${t.cvvCiphertext} is null) and (${t.panCiphertext} is null) = (${t.keyId} is null)`,
    ),
  ],
);
