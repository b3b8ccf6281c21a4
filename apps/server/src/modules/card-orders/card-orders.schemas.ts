import { z } from "zod";
import { CARD_FORMS, CARD_PLANS } from "../../db/schema/index.ts";
import { ACCOUNT_PURPOSES, INCOME_SOURCES, TURNOVER_RANGES } from "../../personal-info-choices.ts";
import { CARD_PROGRAMS } from "../merchants/index.ts";
import { cardFees, cpQuery, DOCUMENT_TYPES, cardMoney as money } from "./card-orders.types.ts";

const country = z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166 alpha-2 country code");
const text = (max: number) => z.string().trim().min(1, "is required").max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();
/** Latin letters, spaces, hyphens and apostrophes: what a card can be embossed with. */
const embossable = z
  .string()
  .trim()
  .min(1, "is required")
  .max(24)
  .regex(/^[A-Za-z][A-Za-z' -]*$/, "must be Latin letters");

export const requestParams = z.object({ id: z.uuid() });
export const requestIdParams = z.object({ cardRequestId: z.uuid() });
export const priceParams = z.object({
  id: z.uuid(),
  currency: z.string().regex(/^[A-Z]{2,6}$/, "must be a currency code"),
});
export const priceQuery = cpQuery.extend({ promoCode: z.string().trim().max(32).optional() });
export const offerParams = z.object({ id: z.uuid() });

export const pricesResponse = z
  .object({
    cardProgram: z.enum(CARD_PROGRAMS),
    name: z.string().describe("The program's display name, from the merchant's configuration"),
    description: z
      .string()
      .nullable()
      .describe("A sentence on what the program is for; null when not configured"),
    prices: z.array(
      z.object({
        cardType: z.enum(CARD_FORMS),
        currency: z.string(),
        price: z.string(),
        delivery: z.string(),
        cardDesignIds: z.array(z.number().int()),
        plan: z.enum(CARD_PLANS),
        fees: cardFees,
      }),
    ),
    designs: z.array(z.object({ id: z.number().int(), colour: z.string(), hex: z.string() })),
  })
  .meta({ id: "CardPrices" });

export const createRequestBody = z
  .object({ cardType: z.enum(CARD_FORMS), cardDesignId: z.number().int().min(1).max(5) })
  .strict();
export const createRequestResponse = z.object({ id: z.uuid() }).meta({ id: "CardRequestCreated" });

export const addressV2Body = z
  .object({
    country,
    documentCountry: country,
    city: text(60),
    state: z.string().trim().max(60),
    address: text(120),
    postalCode: text(16),
  })
  .strict();

const billingAddress = z
  .object({
    country,
    city: text(60),
    state: optionalText(60),
    address: text(120),
    address2: optionalText(120),
    postalCode: text(16),
    // Spec §7 "Card order data": the billing address names its cardholder.
    cardholder: optionalText(120),
  })
  .strict();
const shippingAddress = billingAddress
  .omit({ cardholder: true })
  .extend({
    firstName: embossable,
    lastName: embossable,
    phone: z.string().regex(/^\+?\d{6,15}$/, "must be a phone number"),
  })
  .strict();

export const addressV3Body = z
  .object({
    billingAddress,
    shippingMatchBilling: z.boolean().default(true),
    shippingAddress: shippingAddress.optional(),
  })
  .strict();

export const cardholderBody = z.object({ firstName: embossable, lastName: embossable }).strict();

export const personalInfoBody = z
  .object({
    dataCorrectnessConfirmation: z.literal(true, "must be confirmed"),
    isUsRelated: z.boolean(),
    usRelatedPerson: optionalText(120),
    isPepRelated: z.boolean().default(false),
    pepRelatedPerson: optionalText(120),
    incomeSources: z.array(z.enum(INCOME_SOURCES)).min(1, "choose at least one").max(INCOME_SOURCES.length),
    additionalSources: optionalText(200),
    estimatedMonthlyTurnoverRange: z.enum(TURNOVER_RANGES),
    purposeOfAccountOpening: z.enum(ACCOUNT_PURPOSES).optional(),
    additionalDocumentType: z.enum(DOCUMENT_TYPES).optional(),
    additionalDocumentNumber: optionalText(40),
    additionalDocumentCountry: country.optional(),
    // Spec §88: the card order's questionnaire has the tax residence too (stored with the answers).
    taxCountry: country.optional(),
    taxId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9\-/ ]{4,30}$/, "must be 4 to 30 letters or digits")
      .optional(),
  })
  .strict();
export const personalInfoResponse = personalInfoBody
  .partial()
  .extend({ filled: z.boolean() })
  .meta({ id: "CardPersonalInfo" });

export const constantsResponse = z
  .object({
    additionalDocumentType: z.array(z.string()),
    incomeSource: z.array(z.string()),
    deprecatedIncomeSource: z.array(z.string()),
    purposesOfAccountOpening: z.array(z.string()),
    estimatedMonthlyTurnoverRange: z.array(z.string()),
  })
  .meta({ id: "CardPersonalInfoConstants" });

export const countriesResponse = z
  .object({ countries: z.array(z.object({ code: z.string(), name: z.string() })) })
  .meta({ id: "CardDeliveryCountries" });

export const priceResponse = z
  .object({
    fiatPrice: money,
    cryptoPrice: money,
    card: z.object({ fiat: money, crypto: money }),
    delivery: z.object({ fiat: money, crypto: money }),
    address: z.record(z.string(), z.string()).nullable(),
    promoCode: z.string().nullable(),
  })
  .meta({ id: "CardRequestPrice" });

export const paymentOfferResponse = z
  .object({
    offerId: z.uuid(),
    cryptoPrice: money,
    fiatPrice: money,
    validSeconds: z.number().int(),
    expirationTime: z.string(),
  })
  .meta({ id: "CardPaymentOffer" });

export const paymentReceipt = z
  .object({
    result: z.literal("ok"),
    cardRequestId: z.uuid(),
    offerId: z.uuid(),
    operationId: z.uuid(),
    status: z.literal("PAID"),
    cryptoPrice: money,
  })
  .meta({ id: "CardPaymentReceipt" });

export const cancelResponse = z
  .object({ result: z.literal("ok"), refunded: money.nullable() })
  .meta({ id: "CardRequestCancelled" });

export const idempotencyHeaders = z.object({ "idempotency-key": z.string().optional() });
