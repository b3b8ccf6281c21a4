import { v7 as uuidv7 } from "uuid";
import type { KycApplicant, KycReviewProvider } from "./kyc-review-provider.ts";
import {
  REVIEW_SIGNATURE_HEADER,
  type ReviewDecision,
  type ReviewOutcome,
  signReviewCallback,
} from "./review-callback.ts";

/** The worker job that plays the reviewer (jobs/kyc-review.ts). */
export const KYC_REVIEW_TASK = "kyc_sandbox_review";

/**
 * The sandbox reviewer: asked to review, it schedules its decision `delaySeconds` later (a
 * graphile-worker job with run_at). A resubmission replaces a review still waiting (job key).
 */
export function createSandboxKycReviewer(options: { delaySeconds: number }): KycReviewProvider {
  return {
    async submit(applicant, tx) {
      await tx.query(
        `select graphile_worker.add_job($1, $2::json, run_at := now() + make_interval(secs => $3), job_key := $4)`,
        [
          KYC_REVIEW_TASK,
          JSON.stringify(applicant),
          options.delaySeconds,
          `kyc_review:${applicant.applicationId}`,
        ],
      );
    },
  };
}

/**
 * The sandbox's test inputs (docs/kyc.md): last name REJECT gives a final rejection, RETRY a
 * rejection the customer may answer with new photos; anyone else is approved.
 */
export function decideApplicant(applicant: KycApplicant, now = new Date()): ReviewDecision {
  const name = applicant.lastName.trim().toUpperCase();
  const outcome = name === "REJECT" ? "REJECTED" : name === "RETRY" ? "RETRY" : "APPROVED";
  return sandboxDecision(applicant, outcome, now);
}

/** A decision of the sandbox reviewer with its reasons and text (also the console's decisions). */
export function sandboxDecision(
  application: { applicationId: string; merchantId: string },
  outcome: ReviewOutcome,
  now = new Date(),
): ReviewDecision {
  const base = {
    decisionId: `sbx_${uuidv7()}`,
    applicationId: application.applicationId,
    merchantId: application.merchantId,
    decidedAt: now.toISOString(),
  };
  switch (outcome) {
    case "REJECTED":
      return {
        ...base,
        outcome,
        reasons: ["DOCUMENT_NOT_ACCEPTED"],
        message: "We could not verify your identity with the documents provided.",
      };
    case "RETRY":
      return {
        ...base,
        outcome,
        reasons: ["DOCUMENT_UNREADABLE"],
        message:
          "The photo of your document was not readable. Please take new photos in good light, with all four corners visible.",
      };
    default:
      return { ...base, outcome: "APPROVED", reasons: [], message: null };
  }
}

export type DeliverCallback = (rawBody: string, signature: string) => Promise<{ status: number }>;

/** Posts the signed callback to the server, as a real provider's webhook would. */
export function httpCallbackDelivery(url: string): DeliverCallback {
  return async (rawBody, signature) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", [REVIEW_SIGNATURE_HEADER]: signature },
      body: rawBody,
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    return { status: response.status };
  };
}

/**
 * Decides one applicant and delivers the signed decision. A 5xx or a network failure throws, so
 * the worker retries later; a 4xx will not get better by repeating and is reported instead.
 */
export async function reviewApplicant(
  applicant: KycApplicant,
  options: { secret: string; deliver: DeliverCallback; now?: Date },
): Promise<{ decision: ReviewDecision; status: number }> {
  const decision = decideApplicant(applicant, options.now);
  const rawBody = JSON.stringify(decision);
  const { status } = await options.deliver(rawBody, signReviewCallback(options.secret, rawBody));
  if (status >= 500) throw new Error(`KYC review callback answered ${status}; will retry`);
  return { decision, status };
}
