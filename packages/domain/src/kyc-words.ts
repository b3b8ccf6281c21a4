/**
 * KYC's codes and their words, shared by the server, the web app and the back-office (issue 48):
 * the levels (spec §3 knows two; more than KYC_2 allows is a limit-increase request, not a
 * level), a customer's verification status, the kinds of case an operator reviews, the queue's
 * filters, the decisions and their closed list of reasons.
 */
export const KYC_LEVELS = ["KYC_0", "KYC_2"] as const;
export type KycLevel = (typeof KYC_LEVELS)[number];
export const KYC_LEVEL_PHRASES: Record<KycLevel, string> = { KYC_0: "Basic", KYC_2: "Verified" };

/** A customer's verification status (GET /v2/kyc `status`). */
export const KYC_STATUSES = [
  "NONE",
  "READY_TO_START",
  "IN_PROGRESS",
  "UNDER_REVIEW",
  "APPROVED",
  "REJECTED",
  "ACTION_NEEDED",
  "SUPPORT",
] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
export const KYC_STATUS_PHRASES: Record<KycStatus, string> = {
  NONE: "Not started",
  READY_TO_START: "Ready to start",
  IN_PROGRESS: "In progress",
  UNDER_REVIEW: "In review",
  APPROVED: "Approved",
  REJECTED: "Rejected",
  ACTION_NEEDED: "Action needed",
  SUPPORT: "With support",
};

/** What an operator reviews: an identity check, or a verified customer's request for more. */
export const KYC_CASE_KINDS = ["IDENTITY", "LIMIT_INCREASE"] as const;
export type KycCaseKind = (typeof KYC_CASE_KINDS)[number];
export const KYC_CASE_KIND_PHRASES: Record<KycCaseKind, string> = {
  IDENTITY: "Identity check",
  LIMIT_INCREASE: "Limit increase",
};

/** The review queue's filters (GET /admin/v1/kyc/cases `status`): waiting, or by outcome. */
export const KYC_QUEUE_FILTERS = ["WAITING", "APPROVED", "REJECTED", "ACTION_NEEDED"] as const;
export type KycQueueFilter = (typeof KYC_QUEUE_FILTERS)[number];
export const KYC_QUEUE_FILTER_PHRASES: Record<KycQueueFilter, string> = {
  WAITING: "Waiting (oldest first)",
  APPROVED: "Approved",
  REJECTED: "Rejected",
  ACTION_NEEDED: "Sent back for a document",
};

export const KYC_DECISIONS = ["APPROVE", "REJECT", "RETRY"] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];
export const KYC_DECISION_PHRASES: Record<KycDecision, string> = {
  APPROVE: "Approve",
  REJECT: "Reject",
  RETRY: "Ask for a document again",
};

/** The reasons an operator picks from; the server says which decisions each fits and what the customer reads. */
export const KYC_REVIEW_REASONS = [
  "VERIFIED",
  "DOCUMENT_NOT_ACCEPTED",
  "DATA_MISMATCH",
  "SUSPECTED_FRAUD",
  "UNDERAGE",
  "DOCUMENT_EXPIRED",
  "DOCUMENT_UNREADABLE",
  "DOCUMENT_INCOMPLETE",
  "SELFIE_MISMATCH",
  "LIMITS_RAISED",
  "LIMITS_NOT_JUSTIFIED",
] as const;
export type KycReviewReason = (typeof KYC_REVIEW_REASONS)[number];
export const KYC_REVIEW_REASON_PHRASES: Record<KycReviewReason, string> = {
  VERIFIED: "Identity verified",
  DOCUMENT_NOT_ACCEPTED: "Document not accepted",
  DATA_MISMATCH: "Details do not match the profile",
  SUSPECTED_FRAUD: "Suspected fraud",
  UNDERAGE: "Under 18",
  DOCUMENT_EXPIRED: "Document expired",
  DOCUMENT_UNREADABLE: "Document unreadable",
  DOCUMENT_INCOMPLETE: "Document incomplete",
  SELFIE_MISMATCH: "Selfie does not match the document",
  LIMITS_RAISED: "Limits raised",
  LIMITS_NOT_JUSTIFIED: "Higher limits not justified",
};
