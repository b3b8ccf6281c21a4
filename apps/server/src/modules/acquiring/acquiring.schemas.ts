import { z } from "zod";
import { amountInput } from "../../http/amount-input.ts";

// Card pay-in (reference §4.10) and payout (§4.11). Deliberate differences, each in
// docs/payin-payout.md: amounts and rates are decimal strings; ids are our UUIDs; the card number
// is a string of digits (a JSON number cannot hold 16 digits exactly).

const currency = z.string().regex(/^[A-Z]{2,6}$/, "must be a currency code");
const amount = amountInput;
const money = z.object({ value: z.string(), currency: z.string() });

export const billingAddress = z
  .object({
    address: z.string().trim().min(1).max(200),
    address2: z.string().trim().max(200).nullable().optional().describe("A second address line"),
    city: z.string().trim().min(1).max(100),
    countryCode: z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166 alpha-2 code"),
    zip: z.string().trim().min(1).max(20),
    state: z.string().trim().max(100).nullable().optional(),
  })
  .strict()
  .meta({ id: "BillingAddress" });

const cardFields = {
  cardNumber: z.string().regex(/^\d{12,19}$/, "must be 12 to 19 digits"),
  cardHolder: z.string().trim().min(2).max(100),
  cardExpirationYear: z.int().min(2000).max(2200),
  cardExpirationMonth: z.int().min(1).max(12),
};
export const payinCardBody = z.object({ ...cardFields, billingAddress }).strict();
export const payoutCardBody = z.object({ ...cardFields, billingAddress: billingAddress.optional() }).strict();

export const cardIdParams = z.object({ cardId: z.uuid() }).strict();
export const offerIdParams = z.object({ offerId: z.uuid() }).strict();
export const offerIdQuery = z.object({ offerId: z.uuid() }).strict();

export const cardView = z
  .object({
    cardId: z.uuid(),
    cardType: z.string().describe("VISA, MASTERCARD..."),
    maskedPan: z.string(),
    cardHolder: z.string(),
    expirationMonth: z.number().int(),
    expirationYear: z.number().int(),
    cardBankName: z.string(),
    cardCountryCode: z.string(),
    validationStatus: z.literal("APPROVED"),
    billingAddressRequired: z.boolean().describe("True while the card has no billing address"),
  })
  .meta({ id: "PaymentCard" });

const feeInfoItem = z.object({
  name: z.string(),
  type: z.enum(["TransactionFee", "AdditionalFee"]),
  value: z.string().describe("Percent, 2 decimals"),
});

const cardFees = z
  .object({
    transactionFee: z.string().describe("Percent, 2 decimals; outside the fee table's bands"),
    additionalFee: z.string().describe("Percent, 2 decimals"),
    fixFee: z.string().describe("EUR, once per payment"),
    feeTableEnabled: z.boolean().describe("Whether the fee table's bands replace transactionFee"),
    feeTable: z.array(
      z.object({
        percent: z.string().describe("The transaction fee, percent with 2 decimals, in this band"),
        amountFrom: z.string().describe("Lowest from-amount of the band, included"),
        amountTo: z.string().nullable().describe("First from-amount past the band; null: no end"),
        currency: z.string().describe("The pair's from currency"),
      }),
    ),
  })
  .meta({ id: "CardFees" });

const cardPair = z
  .object({
    currencyFrom: z.string(),
    currencyTo: z.string(),
    rate: z.string(),
    amountScaleFrom: z.number().int(),
    amountScaleTo: z.number().int(),
    lock: z.boolean(),
    defaultMinAmountFrom: z.string(),
    defaultMaxAmountFrom: z.string(),
    feeInfo: z.array(feeInfoItem),
    fixFee: z.string().describe("EUR, once per payment"),
    fees: cardFees,
    freeTransactionsPromo: z.object({ total: z.number().int(), available: z.number().int() }),
  })
  .meta({ id: "CardPair" });

export const cardDataResponse = z
  .object({
    cards: z.array(cardView),
    pairs: z.array(cardPair),
    fees: cardFees.nullable().describe("The fees of every pair when they are all the same; else null"),
    limit: money.describe(
      "The most one payment may be now (KYC limits: per transaction, 24 hours, 30 days), in the merchant's currency",
    ),
    validSeconds: z.number().int(),
    validTo: z.string(),
    billingAddressRequired: z.boolean().describe("Cards need a billing address before they pay"),
    firstPurchase: z.boolean().describe("No card pay-in of this customer has succeeded yet"),
    firstPurchaseLimit: money
      .nullable()
      .describe("While firstPurchase: its limit (the same KYC limits as any payment); else null"),
    partnerNote: z.string().describe("The acquiring bank's own charge, shown with the fees"),
  })
  .meta({ id: "CardPaymentData" });

export const payinOfferBody = z
  .object({
    cardId: z.uuid(),
    fromCurrency: currency,
    toCurrency: currency,
    amount,
    operation: z.literal("PAYIN").optional(),
  })
  .strict();
export const payinOfferUpdateBody = z
  .object({ fromCurrency: currency, toCurrency: currency, amount, operation: z.literal("PAYIN").optional() })
  .strict();
export const payoutOfferBody = z
  .object({ cardId: z.uuid(), fromCurrency: currency, toCurrency: currency, amount })
  .strict();
export const payoutOfferUpdateBody = z
  .object({ fromCurrency: currency, toCurrency: currency, amount })
  .strict();

export const cardOfferResponse = z
  .object({
    offerId: z.uuid(),
    cardId: z.uuid(),
    expirationTime: z.string(),
    validSeconds: z.number().int(),
    fromCurrency: z.string(),
    toCurrency: z.string(),
    amount: z.string().describe("What the customer pays, fees included"),
    amountTo: z.string().describe("What arrives"),
    rate: z.string(),
    feeAmount: money,
    feeInfo: z.array(feeInfoItem),
    possibleToExecute: z.boolean(),
  })
  .meta({ id: "CardOffer" });

const browserInfo = z
  .object({
    timezoneOffset: z.int().min(-900).max(900),
    colorDepth: z.int().min(1).max(64),
    language: z.string().min(2).max(35),
    screenHeight: z.int().min(1).max(20000),
    screenWidth: z.int().min(1).max(20000),
    os: z.string().min(1).max(100),
    userAgent: z.string().min(1).max(1000),
    javaEnabled: z.boolean(),
    javascriptEnabled: z.boolean(),
  })
  .strict()
  .meta({ id: "BrowserInfo" });

export const payinPayBody = z
  .object({
    cardCVV: z.string().regex(/^\d{3,4}$/, "must be 3 or 4 digits"),
    successUrl: z
      .string()
      .regex(/^\/[^/\\]/, "must be a path of this site")
      .max(300)
      .optional(),
    fingerprint: browserInfo,
  })
  .strict();

const paymentStatus = z.enum(["CHALLENGE", "PENDING", "SUCCESS", "FAILURE"]);

export const payinPayResponse = z
  .object({
    offerId: z.uuid(),
    operationId: z.uuid(),
    authLink: z.string().nullable().describe("The 3-D Secure page to send the browser to, when asked"),
    transactionStatus: paymentStatus,
    reason: z.string().nullable(),
    paymentMode: z.literal("debit"),
    maskedPan: z.string(),
    transactionDate: z.string(),
    transactionAmount: z.string(),
    currency: z.string(),
    cardCountryCode: z.string(),
    cardCountryName: z.string(),
    cardBankName: z.string(),
  })
  .meta({ id: "PayinPayment" });

export const payinStatusResponse = z
  .object({
    offerId: z.uuid(),
    operationId: z.uuid(),
    status: paymentStatus,
    reason: z.string().nullable(),
    amount: z.string(),
    currency: z.string(),
    cryptoAmount: z.string(),
    cryptoCurrency: z.string(),
    maskedPan: z.string(),
    paymentMode: z.literal("debit"),
    transactionDate: z.string(),
  })
  .meta({ id: "PayinStatus" });

export const payoutPayResponse = z
  .object({
    offerId: z.uuid(),
    operationId: z.uuid(),
    status: paymentStatus,
    reason: z.string().nullable(),
    amountFrom: z.string(),
    currencyFrom: z.string(),
    amountTo: z.string(),
    currencyTo: z.string(),
    maskedPan: z.string(),
  })
  .meta({ id: "PayoutPayment" });

export const sdkVersionHeaders = z.object({
  "x-sdk-version": z.string().min(1).max(50).optional().describe("Required on every payout call"),
});

export const callbackResponse = z.object({ result: z.literal("OK"), effect: z.string() });
export const okResponse = z.object({ result: z.literal("OK") });

export type CardView = z.infer<typeof cardView>;
export type BillingAddress = z.infer<typeof billingAddress>;
