import type { KycApplicationKind, KycStatus } from "../../db/schema/index.ts";

/** Levels in order: NONE until the profile is complete, KYC_0 then, KYC_1..3 by review. */
export const LEVEL_ORDER = ["NONE", "KYC_0", "KYC_1", "KYC_2", "KYC_3"] as const;
export type Level = (typeof LEVEL_ORDER)[number];

export const levelRank = (level: string) => LEVEL_ORDER.indexOf(level as Level);
export const higherLevel = (a: Level, b: Level): Level => (levelRank(a) >= levelRank(b) ? a : b);

export type ApplicationView = {
  kind: KycApplicationKind;
  targetLevel: string;
  status: KycStatus;
  rejectReasons: string[];
  rejectMessage: string | null;
  createdAt: Date;
};

/** The level each kind of application reaches when approved. */
export const TARGET_LEVEL: Record<KycApplicationKind, "KYC_1" | "KYC_2" | "KYC_3"> = {
  WIDGET: "KYC_1",
  SUMSUB: "KYC_2",
  KYC3: "KYC_3",
};

/**
 * A customer's state from their applications (newest first). Level: the highest level an
 * approved application reached, never below the profile's (KYC_0 once complete), so a later
 * rejection of an approved application takes the level back down. Status: the newest
 * application's, which is what the customer is waiting for or must act on.
 */
export function workOutState(profileLevel: "NONE" | "KYC_0", applications: ApplicationView[]) {
  let level: Level = profileLevel;
  for (const a of applications) {
    if (a.status === "APPROVED") level = higherLevel(level, a.targetLevel as Level);
  }
  const status: KycStatus = applications[0]?.status ?? "NONE";
  return { level, status };
}

/** The reference API's per-level status words (kyc1ClientData...). */
export type ClientStatus = "APPROVED" | "UNDEFINED" | "UNDER_REVIEW" | "DENIED";

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

/** kycNClientData of GET /v2/customer/kyc/data for the newest application of one kind. */
export function clientData(applications: ApplicationView[], kind: KycApplicationKind) {
  const newest = applications.find((a) => a.kind === kind);
  const denied = newest !== undefined && CLIENT_STATUS[newest.status] === "DENIED";
  return {
    status: newest ? CLIENT_STATUS[newest.status] : ("UNDEFINED" as const),
    reason: denied ? (newest.rejectReasons[0] ?? null) : null,
    rejectFormattedMessage: denied ? newest.rejectMessage : null,
    retryAllowed: newest?.status === "ACTION_NEEDED",
  };
}
