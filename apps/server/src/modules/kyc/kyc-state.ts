import type { KycApplicationKind, KycStatus, LimitRequestStatus } from "../../db/schema/index.ts";

/**
 * Spec §3's levels, in order (docs/kyc.md "Levels"): KYC_0 from sign-up, KYC_2 once the widget's
 * identity check is approved. Higher limits at KYC_2 are a request operators decide, not a level.
 */
export const LEVEL_ORDER = ["KYC_0", "KYC_2"] as const;
export type Level = (typeof LEVEL_ORDER)[number];

export const levelRank = (level: string) => LEVEL_ORDER.indexOf(level as Level);

export type ApplicationView = {
  kind: KycApplicationKind;
  status: KycStatus;
  rejectReasons: string[];
  rejectMessage: string | null;
  createdAt: Date;
};

export type LimitRequestView = { status: LimitRequestStatus; createdAt: Date };

/**
 * A customer's state from their applications and limit-increase requests (newest first).
 * Level: KYC_2 while an application is approved, else KYC_0, so a later rejection of the
 * approved application takes it back down. Status: the newest application's (what the customer
 * waits for or must act on); an open limit-increase request makes it UNDER_REVIEW, which spec
 * §4's rule reads as "asked already".
 */
export function workOutState(applications: ApplicationView[], limitRequests: LimitRequestView[] = []) {
  const level: Level = applications.some((a) => a.status === "APPROVED") ? "KYC_2" : "KYC_0";
  const status: KycStatus = limitRequests.some((r) => r.status === "UNDER_REVIEW")
    ? "UNDER_REVIEW"
    : (applications[0]?.status ?? "NONE");
  return { level, status };
}

/** The reference API's per-level status words (kyc1ClientData...). */
type ClientStatus = "APPROVED" | "UNDEFINED" | "UNDER_REVIEW" | "DENIED";

const CLIENT_STATUS: Record<KycStatus, ClientStatus> = {
  NONE: "UNDEFINED",
  READY_TO_START: "UNDEFINED",
  IN_PROGRESS: "UNDER_REVIEW",
  UNDER_REVIEW: "UNDER_REVIEW",
  APPROVED: "APPROVED",
  REJECTED: "DENIED",
  ACTION_NEEDED: "DENIED",
  SUPPORT: "UNDER_REVIEW",
};

/**
 * kycNClientData of GET /v2/customer/kyc/data for the newest application (the widget's check,
 * reported as kyc1ClientData and kyc2ClientData: one check does the reference's two steps).
 */
export function clientData(applications: ApplicationView[]) {
  const newest = applications[0];
  const denied = newest !== undefined && CLIENT_STATUS[newest.status] === "DENIED";
  return {
    status: newest ? CLIENT_STATUS[newest.status] : ("UNDEFINED" as const),
    reason: denied ? (newest.rejectReasons[0] ?? null) : null,
    rejectFormattedMessage: denied ? newest.rejectMessage : null,
    retryAllowed: newest?.status === "ACTION_NEEDED",
  };
}

/** kyc3ClientData: the newest limit-increase request (the reference's "KYC3 start"). */
const REQUEST_STATUS: Record<LimitRequestStatus, ClientStatus> = {
  UNDER_REVIEW: "UNDER_REVIEW",
  APPROVED: "APPROVED",
  REJECTED: "DENIED",
};

export function limitRequestData(requests: LimitRequestView[]) {
  const newest = requests[0];
  const status: ClientStatus = newest ? REQUEST_STATUS[newest.status] : "UNDEFINED";
  return { status, reason: null, rejectFormattedMessage: null, retryAllowed: false };
}
