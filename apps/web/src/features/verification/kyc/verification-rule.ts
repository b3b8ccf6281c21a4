import type { components } from "@kestrel/api-contract";
import { levelRank } from "../../../lib/kyc/kyc-levels.ts";

export type KycData = components["schemas"]["KycData"];
type ClientData = KycData["kyc1ClientData"];

/** What "verify" or "increase limits" does for this customer (spec §4, verification rule). */
export type VerificationAction = "limitIncrease" | "widget" | "mobileOnly";

/**
 * Spec §4's rule, in its order: KYC_2 and not UNDER_REVIEW or ACTION_NEEDED → a limit-increase
 * request; else KYC_0 or ACTION_NEEDED → the KYC widget; else → the mobile-only modal.
 */
export function verificationAction(data: { kycLevel: string; status: string }): VerificationAction {
  if (data.kycLevel === "KYC_2" && data.status !== "UNDER_REVIEW" && data.status !== "ACTION_NEEDED")
    return "limitIncrease";
  if (data.kycLevel === "KYC_0" || data.status === "ACTION_NEEDED") return "widget";
  return "mobileOnly";
}

/** Where the customer's newest verification request stands, as the page shows it. */
export type VerificationState = "notStarted" | "inReview" | "approved" | "rejected" | "actionNeeded";

export function verificationState(data: Pick<KycData, "kycLevel" | "status">): VerificationState {
  switch (data.status) {
    case "IN_PROGRESS":
    case "UNDER_REVIEW":
      return "inReview";
    case "REJECTED":
      return "rejected";
    case "ACTION_NEEDED":
      return "actionNeeded";
    case "APPROVED":
      return "approved";
    default:
      return levelRank(data.kycLevel) >= levelRank("KYC_2") ? "approved" : "notStarted";
  }
}

export const inReview = (data: Pick<KycData, "kycLevel" | "status"> | undefined) =>
  data !== undefined && verificationState(data) === "inReview";

/**
 * The newest request's details (its reason when declined): a limit-increase request
 * (kyc3ClientData, made at KYC_2, so after the check) or the identity check (kyc1ClientData).
 */
export function latestRequest(data: KycData): { identity: boolean; details: ClientData } | undefined {
  const levels: Array<[boolean, ClientData]> = [
    [false, data.kyc3ClientData],
    [true, data.kyc1ClientData],
  ];
  const found = levels.find(([, details]) => details.status !== "UNDEFINED");
  return found ? { identity: found[0], details: found[1] } : undefined;
}

/**
 * The widget has no "sent" message, so the page watches GET /v2/customer/kyc/data while it is
 * open: the identity check went to review (or, between two reads, to review and back with a
 * decision) since `before`, when the widget was opened.
 */
export function widgetSubmitted(before: KycData, now: KycData): boolean {
  const was = before.kyc1ClientData.status;
  const is = now.kyc1ClientData.status;
  if (is === "UNDER_REVIEW") return was !== "UNDER_REVIEW";
  if (was === "UNDER_REVIEW") return false; // a decision on the earlier submission
  return (is === "APPROVED" || is === "DENIED") && (is !== was || now.kycLevel !== before.kycLevel);
}
