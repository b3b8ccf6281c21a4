import { DISPLAY_STATUSES } from "@kestrel/domain";
import { z } from "zod";
import { IBAN_TRANSFER_KINDS, IBAN_TRANSFER_STATUSES } from "../../db/schema/index.ts";
import { amountInput } from "../../http/amount-input.ts";
import { ACCOUNT_PURPOSES, INCOME_SOURCES, TURNOVER_RANGES } from "../../personal-info-choices.ts";
import { IBAN_STATUSES } from "./iban-display-status.ts";
import { REQUIRED_INFO_KINDS } from "./iban-eligibility.ts";

const decimal = z.string().describe("Decimal string in the currency's units");
const country = z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code (ISO 3166-1)");
// Free text of the order: letters, digits and the usual punctuation of names and addresses.
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "is required")
    .max(max)
    .regex(/^[\p{L}\p{N}\s.,'\-/#&()]+$/u, "contains characters that are not allowed");
const optionalText = (max: number) => text(max).optional();

export const ok = z.object({ result: z.literal("ok") }).meta({ id: "IbanResult" });
export const ibanParams = z.object({ ibanId: z.uuid() }).strict();
export const requestParams = z.object({ ibanRequestId: z.uuid() }).strict();
export const recipientParams = z.object({ id: z.uuid() }).strict();

export const constantsResponse = z
  .object({
    incomeSource: z.array(z.enum(INCOME_SOURCES)),
    estimatedMonthlyTurnoverRange: z.array(z.enum(TURNOVER_RANGES)),
    purposesOfAccountOpening: z.array(z.enum(ACCOUNT_PURPOSES)),
    euCountries: z
      .array(z.object({ code: z.string(), name: z.string() }))
      .describe("The 27 EU countries: IBAN accounts are for their residents"),
  })
  .meta({ id: "IbanPersonalInfoConstants" });

export const personalInfoBody = z
  .object({
    isUsRelated: z.boolean(),
    usRelatedPerson: optionalText(140).describe("Who, when isUsRelated"),
    incomeSources: z.array(z.enum(INCOME_SOURCES)).min(1, "choose at least one").max(INCOME_SOURCES.length),
    additionalSources: optionalText(200),
    estimatedMonthlyTurnoverRange: z.enum(TURNOVER_RANGES),
    taxCountry: country,
    taxId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9\-/ ]{4,30}$/, "must be 4 to 30 letters or digits"),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.isUsRelated && !b.usRelatedPerson)
      ctx.addIssue({ code: "custom", path: ["usRelatedPerson"], message: "is required when isUsRelated" });
  })
  .meta({ id: "IbanPersonalInfoBody" });

export const personalInfoResponse = z
  .object({
    isUsRelated: z.boolean().nullable(),
    usRelatedPerson: z.string().nullable(),
    incomeSources: z.array(z.string()),
    additionalSources: z.string().nullable(),
    estimatedMonthlyTurnoverRange: z.string().nullable(),
    taxCountry: z.string().nullable(),
    taxId: z.string().nullable(),
    billingAddress: z
      .object({
        country: z.string(),
        city: z.string(),
        address1: z.string(),
        address2: z.string().nullable(),
        zipCode: z.string(),
        state: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: "IbanPersonalInfo" });

export const addressBody = z
  .object({
    country,
    city: text(60),
    address1: text(120),
    address2: optionalText(120),
    zipCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9\- ]{2,12}$/, "must be a postal code"),
    state: optionalText(60),
  })
  .strict()
  .meta({ id: "IbanAddressBody" });

export const ibanRequestResponse = z
  .object({
    id: z.uuid(),
    status: z.enum(IBAN_STATUSES),
    additionalStatuses: z.array(z.enum(REQUIRED_INFO_KINDS)).describe("The order's steps still open"),
  })
  .meta({ id: "IbanRequest" });

const ibanItem = z
  .object({
    id: z.uuid().nullable().describe("The IBAN account's id once issued (ibanId of the other calls)"),
    ibanRequestId: z.uuid(),
    status: z.enum(IBAN_STATUSES),
    displayStatus: z.enum(DISPLAY_STATUSES).describe("What the customer is shown (spec §3's second list)"),
    additionalStatuses: z.array(z.enum(REQUIRED_INFO_KINDS)),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    holderName: z.string().nullable(),
    currency: z.literal("EUR"),
    balance: decimal,
    availableBalance: decimal.describe("Balance less what pending withdrawals hold"),
    createdAt: z.string(),
  })
  .meta({ id: "IbanItem" });

export const listResponse = z
  .object({
    status: z
      .enum(IBAN_STATUSES)
      .describe("The customer's IBAN state: NONE, UNAVAILABLE, or the first item's"),
    displayStatus: z.enum(DISPLAY_STATUSES),
    eligible: z.boolean(),
    reason: z
      .enum(["NOT_OFFERED", "COUNTRY_NOT_ELIGIBLE", "PROFILE_INCOMPLETE"])
      .nullable()
      .describe("Why the customer cannot order one"),
    message: z.string().nullable().describe("The reason in words a customer reads"),
    ibans: z.array(ibanItem),
  })
  .meta({ id: "IbanList" });

export const recipientBody = z
  .object({
    name: text(70).describe("The account holder's name"),
    iban: z.string().max(50),
    bic: z.string().max(20),
  })
  .strict();

export const recipientResponse = z
  .object({ id: z.uuid(), name: z.string(), iban: z.string(), bic: z.string(), createdAt: z.string() })
  .meta({ id: "IbanRecipient" });
export const recipientsResponse = z
  .object({ recipients: z.array(recipientResponse) })
  .meta({ id: "IbanRecipients" });

export const withdrawDataResponse = z
  .object({
    ibanId: z.uuid(),
    currency: z.literal("EUR"),
    balance: decimal,
    availableBalance: decimal,
    fees: z.object({ fixFee: decimal.describe("EUR per transfer") }),
    minAmount: decimal,
    maxAmount: decimal,
    confirmation: z.literal("SMS").describe("Every withdrawal is confirmed by an SMS code"),
  })
  .meta({ id: "IbanWithdrawData" });

export const withdrawBody = z
  .object({
    recipientId: z.uuid(),
    amount: amountInput,
    reference: optionalText(140).describe("Remittance information the recipient sees"),
  })
  .strict();

export const withdrawHeaders = z.object({
  "idempotency-key": z.string().optional(),
  "x-confirmation-code": z.string().optional(),
});

export const withdrawResponse = z
  .object({
    transferId: z.uuid(),
    status: z.enum(IBAN_TRANSFER_STATUSES),
    amount: decimal,
    fee: decimal,
    currency: z.literal("EUR"),
    recipient: z.object({ name: z.string(), iban: z.string() }),
    createdAt: z.string(),
  })
  .meta({ id: "IbanWithdrawal" });

export const historyQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    size: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

export const historyResponse = z
  .object({
    ibanId: z.uuid(),
    offset: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
    items: z.array(
      z.object({
        id: z.uuid(),
        operationId: z.uuid(),
        type: z.enum(IBAN_TRANSFER_KINDS),
        direction: z.enum(["IN", "OUT"]),
        status: z.enum(IBAN_TRANSFER_STATUSES),
        amount: decimal,
        fee: decimal,
        currency: z.string(),
        counterpartyName: z.string().nullable(),
        counterpartyIban: z.string().nullable(),
        reference: z.string().nullable(),
        returnReason: z.string().nullable(),
        createdAt: z.string(),
        updatedAt: z.string(),
      }),
    ),
  })
  .meta({ id: "IbanHistory" });
