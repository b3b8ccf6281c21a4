import { DOCUMENT_TYPES } from "@kestrel/domain";
import { z } from "zod";
import { KYC_REVIEW_MODES } from "../../db/schema/index.ts";
import { amountInput } from "../../http/amount-input.ts";
import { CASE_DECISIONS, CASE_STATUSES, REVIEW_REASON_CODES } from "../kyc/index.ts";

export const casesQuery = z.object({ status: z.enum(CASE_STATUSES).default("WAITING") });
export const caseParams = z.object({ caseId: z.uuid() });
export const caseDocumentParams = z.object({ caseId: z.uuid(), documentId: z.uuid() });

const caseKind = z.enum(["IDENTITY", "LIMIT_INCREASE"]);

const caseSummary = z
  .object({
    id: z.uuid(),
    kind: caseKind,
    customerId: z.uuid(),
    customerName: z.string(),
    status: z.string(),
    submittedAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: "KycCaseSummary" });

export const casesResponse = z.object({ cases: z.array(caseSummary) }).meta({ id: "KycCases" });

const ownLimit = z
  .object({
    operationType: z.string(),
    perTransaction: amountInput,
    daily: amountInput.describe("Over 24 hours; at least perTransaction"),
    monthly: amountInput.describe("Over 30 days; at least daily"),
  })
  .meta({ id: "KycCustomerLimit" });

export const caseResponse = z
  .object({
    id: z.uuid(),
    kind: caseKind,
    customerId: z.uuid(),
    customerName: z.string(),
    status: z.string(),
    submittedAt: z.string(),
    decidedAt: z.string().nullable(),
    rejectReasons: z.array(z.string()),
    rejectMessage: z.string().nullable(),
    documents: z.array(
      z.object({
        id: z.uuid(),
        docType: z.string(),
        contentType: z.string(),
        sizeBytes: z.number().int(),
        issuedCountry: z.string().nullable(),
        issuedDate: z.string().nullable(),
        uploadedAt: z.string(),
        superseded: z.boolean(),
      }),
    ),
    decisions: z.array(z.object({ outcome: z.string(), decidedAt: z.string(), effect: z.string() })),
    limits: z
      .object({ currency: z.string(), operations: z.array(ownLimit) })
      .nullable()
      .describe("A limit-increase request: the customer's limits now (their own, else KYC_2's)"),
  })
  .meta({ id: "KycCase" });

export const decisionBody = z
  .object({
    decision: z.enum(CASE_DECISIONS),
    reason: z.enum(REVIEW_REASON_CODES as [string, ...string[]]),
    document: z.enum(DOCUMENT_TYPES).optional().describe("RETRY: the document the customer must send again"),
    note: z.string().trim().max(1000).optional().describe("For the audit trail; the customer never sees it"),
    limits: z
      .array(ownLimit)
      .max(20)
      .optional()
      .describe(
        "APPROVE of a limit-increase request (required there): the customer's own limits per operation, in the merchant's fiat currency",
      ),
  })
  .meta({ id: "KycCaseDecision" });

export const decisionResponse = z
  .object({ caseId: z.uuid(), customerId: z.uuid(), status: z.string(), kycLevel: z.string() })
  .meta({ id: "KycCaseDecided" });

export const reviewSettings = z
  .object({
    reviews: z.enum(KYC_REVIEW_MODES).describe("manual: operators decide; sandbox: the automatic reviewer"),
  })
  .meta({ id: "KycReviewSettings" });

export const reviewSettingsResponse = reviewSettings
  .extend({
    reasons: z.array(
      z.object({
        code: z.string(),
        decisions: z.array(z.enum(CASE_DECISIONS)),
        kinds: z.array(caseKind),
        message: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "KycReviewSettingsAndReasons" });
