import type { DisplayStatus } from "../../display-status.ts";

/** Spec §3 IBAN statuses: what the server says of a customer's IBAN. */
export const IBAN_STATUSES = [
  "NONE",
  "CREATED",
  "UNAVAILABLE",
  "BLOCKED",
  "ACTIVE",
  "COLLECTION",
  "IN_PROGRESS",
  "SUPPORT",
  "ACTION_NEEDED",
  "INACTIVE",
  "CLOSED",
  "MULTI_ACCOUNT",
] as const;
export type IbanStatus = (typeof IBAN_STATUSES)[number];

/**
 * The customer display status of an IBAN status: one of the one list (display-status.ts) that
 * cards use too. COLLECTION waits for the customer (ACTION) unless only the identity
 * review is left (VERIFICATION); a rejected verification says so (KYC_REJECTED).
 */
export function ibanDisplayStatus(
  status: IbanStatus,
  context: { waitingForReview?: boolean; kycRejected?: boolean } = {},
): DisplayStatus {
  if (context.kycRejected && status !== "ACTIVE") return "KYC_REJECTED";
  switch (status) {
    case "NONE":
      return "START";
    case "UNAVAILABLE":
      return "SOON";
    case "CREATED":
    case "IN_PROGRESS":
      return context.waitingForReview ? "VERIFICATION" : "PROGRESS";
    case "COLLECTION":
      return context.waitingForReview ? "VERIFICATION" : "ACTION";
    case "ACTION_NEEDED":
    case "SUPPORT":
      return "ACTION";
    case "ACTIVE":
      return "ACTIVE";
    case "BLOCKED":
      return "BLOCKED";
    case "INACTIVE":
    case "CLOSED":
      return "INACTIVE";
    case "MULTI_ACCOUNT":
      return "MULTI_ACCOUNT";
  }
}
