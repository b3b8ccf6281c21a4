import type { ClaimStatus } from "../../db/schema/index.ts";

export type { ClaimStatus };

/** Unclaimed for this long, the money goes back to the sender. */
export const CLAIM_DAYS = 7;

/** The worker's jobs (jobs/claim-jobs.ts). */
export const CLAIM_RETURN_TASK = "claims_return";
export const CLAIM_DELIVER_TASK = "claims_deliver";
export const CLAIM_TEXT_TASK = "claims_text";
export const CLAIMS_SWEEP_TASK = "claims_sweep";

/** What is texted: the invite and the money's arrival to the phone; a claim or return to the sender. */
export const CLAIM_TEXT_EVENTS = ["INVITE", "RECEIVED", "CLAIMED", "RETURNED"] as const;
export type ClaimTextEvent = (typeof CLAIM_TEXT_EVENTS)[number];

/** What a claimable transfer tells its sender (history details, the cancel call). */
export type ClaimView = {
  id: string;
  status: ClaimStatus;
  phone: string;
  amount: string;
  currency: string;
  expiresAt: string;
  updatedAt: string;
};
