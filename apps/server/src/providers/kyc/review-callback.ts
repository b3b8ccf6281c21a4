import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/** The header carrying the callback's signature: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const REVIEW_SIGNATURE_HEADER = "x-kyc-signature";
export const REVIEW_CALLBACK_PATH = "/v1/kyc/review-callback";

export const REVIEW_OUTCOMES = ["APPROVED", "REJECTED", "RETRY"] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

/**
 * A reviewer's decision on one application, as the callback carries it. `decidedAt` orders
 * decisions (an older one than the one applied is stale); `decisionId` makes a repeat a no-op.
 * RETRY is a rejection the customer may answer with new photos; REJECTED is final.
 */
export const reviewDecisionSchema = z
  .object({
    decisionId: z.string().min(8).max(100),
    applicationId: z.uuid(),
    merchantId: z.uuid(),
    outcome: z.enum(REVIEW_OUTCOMES),
    reasons: z.array(z.string().regex(/^[A-Z_]{2,60}$/)).max(10),
    message: z.string().max(500).nullable(),
    decidedAt: z.iso.datetime({ offset: true }),
  })
  .strict()
  .meta({ id: "KycReviewDecision" });
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

const hmac = (secret: string, rawBody: string) =>
  createHmac("sha256", secret).update(rawBody, "utf8").digest("hex");

/** The header value for a raw body: the reviewer signs exactly the bytes it sends. */
export function signReviewCallback(secret: string, rawBody: string): string {
  return `sha256=${hmac(secret, rawBody)}`;
}

/** True when `header` is the signature of `rawBody`; compared in constant time. */
export function isReviewCallbackSigned(secret: string, rawBody: string, header: string | undefined): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice("sha256=".length), "utf8");
  const expected = Buffer.from(hmac(secret, rawBody), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
