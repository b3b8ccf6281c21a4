import type { DocumentType } from "@kestrel/domain";
import { v7 as uuidv7 } from "uuid";
import type { KycReviewMode, KycStatus } from "../../db/schema/index.ts";
import { type ClientSource, inTransaction, type Tx } from "../../db/transaction.ts";
import type { BlobStore } from "../../providers/blobs/blob-store.ts";
import type { ReviewOutcome } from "../../providers/kyc/review-callback.ts";
import type { CustomersService } from "../customers/index.ts";
import { kycErrors } from "./kyc.errors.ts";
import type { KycDecisions } from "./kyc-decisions.ts";
import { setOwnLimitsSql } from "./kyc-limits.repository.ts";
import type { KycLimits, OwnLimitInput } from "./kyc-limits.ts";
import { createKycReviewRepository, decideLimitRequestSql, reviewModeSql } from "./kyc-review.repository.ts";

export const CASE_DECISIONS = ["APPROVE", "REJECT", "RETRY"] as const;
export type CaseDecision = (typeof CASE_DECISIONS)[number];
export type CaseKind = "IDENTITY" | "LIMIT_INCREASE";

/**
 * The closed list of reasons an operator picks from, each with the decisions it goes with and
 * the text the customer is shown (none for an approval).
 */
export const REVIEW_REASONS = {
  VERIFIED: { decisions: ["APPROVE"], kinds: ["IDENTITY"], message: null },
  DOCUMENT_NOT_ACCEPTED: {
    decisions: ["REJECT"],
    kinds: ["IDENTITY"],
    message: "We could not verify your identity with the documents provided.",
  },
  DATA_MISMATCH: {
    decisions: ["REJECT"],
    kinds: ["IDENTITY"],
    message: "The details on your document do not match your profile.",
  },
  SUSPECTED_FRAUD: {
    decisions: ["REJECT"],
    kinds: ["IDENTITY"],
    message: "We could not verify your identity.",
  },
  UNDERAGE: {
    decisions: ["REJECT"],
    kinds: ["IDENTITY"],
    message: "You must be 18 or older to use this service.",
  },
  DOCUMENT_EXPIRED: {
    decisions: ["REJECT", "RETRY"],
    kinds: ["IDENTITY"],
    message: "Your document has expired. Please use a valid one.",
  },
  DOCUMENT_UNREADABLE: {
    decisions: ["RETRY"],
    kinds: ["IDENTITY"],
    message:
      "The photo of your document was not readable. Please take new photos in good light, with all four corners visible.",
  },
  DOCUMENT_INCOMPLETE: {
    decisions: ["RETRY"],
    kinds: ["IDENTITY"],
    message: "Part of your document was not in the photo. Please take a new one showing all of it.",
  },
  SELFIE_MISMATCH: {
    decisions: ["RETRY"],
    kinds: ["IDENTITY"],
    message: "Your selfie did not match your document. Please take a new selfie.",
  },
  LIMITS_RAISED: { decisions: ["APPROVE"], kinds: ["LIMIT_INCREASE"], message: null },
  LIMITS_NOT_JUSTIFIED: {
    decisions: ["REJECT"],
    kinds: ["LIMIT_INCREASE"],
    message: "We cannot raise your limits at the moment.",
  },
} as const satisfies Record<
  string,
  { decisions: readonly CaseDecision[]; kinds: readonly CaseKind[]; message: string | null }
>;
export type ReviewReason = keyof typeof REVIEW_REASONS;
export const REVIEW_REASON_CODES = Object.keys(REVIEW_REASONS) as ReviewReason[];

const OUTCOME: Record<CaseDecision, ReviewOutcome> = {
  APPROVE: "APPROVED",
  REJECT: "REJECTED",
  RETRY: "RETRY",
};
/** What "waiting" means per kind; the other filters are the statuses themselves. */
export const CASE_STATUSES = ["WAITING", "APPROVED", "REJECTED", "ACTION_NEEDED"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export type CaseDecisionInput = {
  decision: CaseDecision;
  reason: ReviewReason;
  /** RETRY: the document the customer must send again. */
  document?: DocumentType | undefined;
  note?: string | undefined;
  /** APPROVE of a limit-increase request: the customer's own limits from now on. */
  limits?: OwnLimitInput[] | undefined;
};

/**
 * The operators' review queue (docs/backoffice.md "KYC review"): submitted identity checks and
 * limit-increase requests, oldest first; a case's documents; decisions with a reason from the
 * closed list; and whether a merchant's cases wait for operators or the sandbox reviewer.
 */
export function createKycReview(deps: {
  db: ClientSource;
  sandbox: boolean;
  decisions: Pick<KycDecisions, "applyDecision">;
  blobs: BlobStore;
  customers: Pick<CustomersService, "getCustomer">;
  limits: Pick<KycLimits, "currentLimits" | "parseOwnLimits">;
}) {
  const { db, decisions, blobs, customers, limits } = deps;
  const q = createKycReviewRepository({ db });

  const customerName = async (merchantId: string, customerId: string) => {
    const c = await customers.getCustomer(merchantId, customerId);
    return [c.firstName, c.lastName].filter(Boolean).join(" ") || c.phone;
  };

  /** In the caller's transaction `tx` when given (a submission reads it under the customer's lock). */
  async function reviewMode(merchantId: string, tx?: Tx): Promise<KycReviewMode> {
    if (!deps.sandbox) return "manual";
    return (tx ? await reviewModeSql(tx, merchantId) : await q.reviewMode(merchantId)) ?? "sandbox";
  }

  async function findCase(merchantId: string, id: string) {
    const [application] = await q.listApplicationsById(merchantId, id);
    if (application) return { kind: "IDENTITY" as const, application };
    const request = await q.findLimitRequest(merchantId, id);
    if (request) return { kind: "LIMIT_INCREASE" as const, request };
    throw kycErrors.create("CASE_NOT_FOUND");
  }

  return {
    reviewMode,
    async setReviewMode(merchantId: string, mode: KycReviewMode) {
      if (mode === "sandbox" && !deps.sandbox)
        throw kycErrors.create("REVIEW_MODE_NOT_AVAILABLE", { field: "mode" });
      await q.setReviewMode(merchantId, mode);
    },

    /** The queue, oldest first: identity checks and limit-increase requests together. */
    async listCases(merchantId: string, status: CaseStatus, limit = 100) {
      const appStatuses: KycStatus[] = status === "WAITING" ? ["IN_PROGRESS"] : [status];
      const requestStatuses =
        status === "WAITING" ? (["UNDER_REVIEW"] as const) : status === "ACTION_NEEDED" ? [] : [status];
      const [applications, requests] = await Promise.all([
        q.listApplications(merchantId, appStatuses, limit),
        requestStatuses.length > 0 ? q.listLimitRequests(merchantId, [...requestStatuses], limit) : [],
      ]);
      const cases = [
        ...applications.map((a) => ({
          id: a.id,
          kind: "IDENTITY" as const,
          customerId: a.customerId,
          status: a.status,
          submittedAt: a.submittedAt ?? a.createdAt,
          decidedAt: a.decidedAt,
        })),
        ...requests.map((r) => ({
          id: r.id,
          kind: "LIMIT_INCREASE" as const,
          customerId: r.customerId,
          status: r.status,
          submittedAt: r.createdAt,
          decidedAt: r.decidedAt,
        })),
      ]
        .sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime())
        .slice(0, limit);
      return Promise.all(
        cases.map(async (c) => ({ ...c, customerName: await customerName(merchantId, c.customerId) })),
      );
    },

    /** One case with its customer, documents (all of them, superseded ones marked) and decisions. */
    async getCase(merchantId: string, id: string) {
      const found = await findCase(merchantId, id);
      if (found.kind === "LIMIT_INCREASE") {
        const r = found.request;
        return {
          id: r.id,
          kind: found.kind,
          customerId: r.customerId,
          customerName: await customerName(merchantId, r.customerId),
          status: r.status,
          submittedAt: r.createdAt,
          decidedAt: r.decidedAt,
          rejectReasons: [] as string[],
          rejectMessage: null,
          documents: [],
          decisions: [],
          limits: await limits.currentLimits(merchantId, r.customerId),
        };
      }
      const a = found.application;
      const [documents, history] = await Promise.all([
        q.listDocuments(merchantId, a.id),
        q.listDecisions(merchantId, a.id),
      ]);
      return {
        id: a.id,
        kind: found.kind,
        customerId: a.customerId,
        customerName: await customerName(merchantId, a.customerId),
        status: a.status,
        submittedAt: a.submittedAt ?? a.createdAt,
        decidedAt: a.decidedAt,
        rejectReasons: a.rejectReasons,
        rejectMessage: a.rejectMessage,
        documents: documents.map((d) => ({
          id: d.id,
          docType: d.docType,
          contentType: d.contentType,
          sizeBytes: d.sizeBytes,
          issuedCountry: d.issuedCountry,
          issuedDate: d.issuedDate,
          uploadedAt: d.createdAt,
          superseded: d.supersededAt !== null,
        })),
        decisions: history.map((h) => ({ outcome: h.outcome, decidedAt: h.decidedAt, effect: h.effect })),
        limits: null,
      };
    },

    /** A document of a case, from the blob store (the route streams it, never cached). */
    async readCaseDocument(merchantId: string, caseId: string, documentId: string) {
      const found = await findCase(merchantId, caseId);
      if (found.kind !== "IDENTITY") throw kycErrors.create("DOCUMENT_NOT_FOUND");
      const document = (await q.listDocuments(merchantId, found.application.id)).find(
        (d) => d.id === documentId,
      );
      if (!document) throw kycErrors.create("DOCUMENT_NOT_FOUND");
      const bytes = await blobs.get(document.blobKey, document.sha256);
      if (!bytes) throw kycErrors.create("DOCUMENT_NOT_FOUND");
      return {
        bytes,
        contentType: document.contentType,
        customerId: found.application.customerId,
        docType: document.docType,
      };
    },

    /**
     * An operator's decision. An identity check goes through the same path as a reviewer's
     * (level and status follow at once, under the customer's lock); a limit-increase request is
     * approved or rejected. `within` (the audit entry) runs in the decision's transaction.
     */
    async decideCase(
      merchantId: string,
      caseId: string,
      input: CaseDecisionInput,
      within: (tx: Tx, customerId: string) => Promise<void>,
    ) {
      const found = await findCase(merchantId, caseId);
      const reason = REVIEW_REASONS[input.reason];
      if (
        !(reason.decisions as readonly string[]).includes(input.decision) ||
        !(reason.kinds as readonly string[]).includes(found.kind)
      )
        throw kycErrors.create("REASON_NOT_FOR_OUTCOME", { field: "reason" });
      if (input.decision === "RETRY" && !input.document)
        throw kycErrors.create("DOCUMENTS_MISSING", {
          field: "document",
          message: "document: name the document to send again",
        });
      const setsLimits = found.kind === "LIMIT_INCREASE" && input.decision === "APPROVE";
      if (!setsLimits && input.limits) throw kycErrors.create("LIMITS_NOT_FOR_DECISION", { field: "limits" });
      if (found.kind === "LIMIT_INCREASE") {
        const customerId = found.request.customerId;
        const own = setsLimits ? await limits.parseOwnLimits(merchantId, input.limits ?? []) : [];
        if (setsLimits && own.length === 0) throw kycErrors.create("LIMITS_MISSING", { field: "limits" });
        await inTransaction(db, async (tx) => {
          const decided = await decideLimitRequestSql(
            tx,
            merchantId,
            caseId,
            input.decision === "APPROVE" ? "APPROVED" : "REJECTED",
          );
          if (!decided) throw kycErrors.create("CASE_ALREADY_DECIDED");
          await setOwnLimitsSql(tx, { merchantId, customerId, requestId: caseId }, own);
          await within(tx, customerId);
        });
        return { customerId };
      }
      const customerId = found.application.customerId;
      await decisions.applyDecision(
        {
          decisionId: `op_${uuidv7()}`,
          applicationId: caseId,
          merchantId,
          outcome: OUTCOME[input.decision],
          reasons:
            input.decision === "APPROVE"
              ? []
              : [input.reason, ...(input.document ? [`RESEND_${input.document}`] : [])],
          message: reason.message,
          decidedAt: new Date().toISOString(),
        },
        { within: (tx) => within(tx, customerId) },
      );
      return { customerId };
    },

    /** A customer's identity checks and limit-increase requests, newest first, as cases. */
    async historyOf(merchantId: string, customerId: string) {
      const [applications, requests] = await Promise.all([
        q.applicationsOf(merchantId, customerId),
        q.limitRequestsOf(merchantId, customerId),
      ]);
      return [
        ...applications.map((a) => ({
          id: a.id,
          kind: "IDENTITY" as const,
          status: a.status as string,
          submittedAt: a.submittedAt ?? a.createdAt,
          decidedAt: a.decidedAt,
          reasons: a.rejectReasons,
        })),
        ...requests.map((r) => ({
          id: r.id,
          kind: "LIMIT_INCREASE" as const,
          status: r.status as string,
          submittedAt: r.createdAt,
          decidedAt: r.decidedAt,
          reasons: [] as string[],
        })),
      ].sort((a, b) => b.submittedAt.getTime() - a.submittedAt.getTime());
    },

    /** Waiting cases (the first page's count). */
    countWaiting: (merchantId: string) => q.countWaiting(merchantId, new Date(Date.now() + 86_400_000)),
  };
}
