import { DOCUMENT_TYPES } from "@kestrel/domain";
import { z } from "zod";
import { KYC_LEVELS, KYC_STATUSES, LIMIT_REQUEST_STATUSES } from "../../db/schema/index.ts";

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, "must be a real date");

export const uploadQuery = z
  .object({
    docType: z.enum(DOCUMENT_TYPES),
    issuedDate: isoDate.optional().describe("Date of issue; required except for SELFIE"),
    issuedCountry: z
      .string()
      .regex(/^[A-Z]{2}$/, "must be a two-letter country code (ISO 3166-1)")
      .optional()
      .describe("Issuing country; required except for SELFIE"),
  })
  .strict();
export type UploadQuery = z.infer<typeof uploadQuery>;

export const uploadResponse = z.object({ result: z.literal("OK"), documentId: z.uuid() });

export const documentParams = z.object({ documentId: z.uuid() });

const clientData = z.object({
  status: z.enum(["APPROVED", "UNDEFINED", "UNDER_REVIEW", "DENIED"]),
  reason: z.string().nullable().describe("Machine code of the rejection (DENIED only)"),
  rejectFormattedMessage: z.string().nullable().describe("Text to show the customer (DENIED only)"),
  retryAllowed: z.boolean().describe("The customer may send new documents (status ACTION_NEEDED)"),
});

export const kycDataResponse = z
  .object({
    kycLevel: z.enum(KYC_LEVELS).describe("KYC_0 from sign-up, KYC_2 once the identity check is approved"),
    status: z
      .enum(KYC_STATUSES)
      .describe("The identity check's status; UNDER_REVIEW while a limit-increase request is open"),
    kyc1ClientData: clientData.describe("The widget's identity check (document and selfie)"),
    kyc2ClientData: clientData.describe("The same check: it is what reaches KYC_2"),
    kyc3ClientData: clientData.describe("The newest limit-increase request"),
  })
  .meta({ id: "KycData" });
export type KycData = z.infer<typeof kycDataResponse>;

export const startResponse = z.object({
  data: z.object({
    token: z.string().describe("The widget's bearer token: pass it to the SDK as accessToken"),
    expiresIn: z.number().int().describe("Seconds the token lives"),
    level: z.literal("KYC_2"),
  }),
});

/** Money on the wire: a decimal string in the currency's scale, never a JSON number. */
const money = z.object({ value: z.string(), currency: z.string() }).meta({ id: "Money" });
const amounts = z.object({ perTransaction: z.string(), daily: z.string(), monthly: z.string() });

export const limitsResponse = z
  .object({
    currency: z.string().describe("The merchant's fiat currency; every amount below is in it"),
    kycLevel: z.enum(KYC_LEVELS),
    kyc0Limit: money.describe("Highest 30-day limit of any operation at KYC_0"),
    kyc2Limit: money.describe("Highest 30-day limit of any operation at KYC_2"),
    operations: z.array(
      z.object({
        operationType: z.string(),
        name: z.string(),
        limits: amounts.describe("At the customer's level; daily = 24 hours, monthly = 30 days"),
        used: z.object({ daily: z.string(), monthly: z.string() }),
        remaining: z.object({
          daily: z.string(),
          monthly: z.string(),
          now: z.string().describe("The largest amount one operation may have now"),
        }),
        levels: z.array(amounts.extend({ kycLevel: z.enum(KYC_LEVELS) })).describe("Limits at every level"),
      }),
    ),
  })
  .meta({ id: "KycLimits" });

export const limitRequestResponse = z.object({
  result: z.literal("OK"),
  request: z
    .object({
      id: z.uuid(),
      status: z.enum(LIMIT_REQUEST_STATUSES).describe("UNDER_REVIEW while operators have not decided"),
      createdAt: z.iso.datetime(),
    })
    .describe("The open request: the one just made, or the one already under review"),
});

export const callbackResponse = z.object({
  result: z.literal("OK"),
  effect: z.enum(["applied", "duplicate", "stale"]),
});
