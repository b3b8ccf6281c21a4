import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/** `sha256=<hex HMAC-SHA256 of the raw body>` with the callback secret. */
export const ACQUIRER_SIGNATURE_HEADER = "x-acquirer-signature";
export const ACQUIRER_CALLBACK_PATH = "/v3/payin/acquirer-callback";

export const ACQUIRER_EVENTS = ["AUTHORISED", "CAPTURED", "DECLINED", "PAID", "REJECTED"] as const;

/**
 * One event of one payment. `sequence` orders a payment's events (1, 2, ...): an event at or
 * below the one applied is a repeat or stale and changes nothing. Amounts are decimal strings.
 */
export const acquirerEventSchema = z
  .object({
    eventId: z.string().min(8).max(100),
    paymentId: z.string().min(8).max(100),
    reference: z.uuid(),
    sequence: z.int().min(1).max(1000),
    status: z.enum(ACQUIRER_EVENTS),
    amount: z.string().regex(/^\d{1,20}(\.\d{1,18})?$/),
    currency: z.string().regex(/^[A-Z]{3,5}$/),
    reason: z.string().max(300).nullable(),
    occurredAt: z.iso.datetime({ offset: true }),
  })
  .strict()
  .meta({ id: "AcquirerEvent" });
export type AcquirerEvent = z.infer<typeof acquirerEventSchema>;

const hmac = (secret: string, rawBody: string) =>
  createHmac("sha256", secret).update(rawBody, "utf8").digest("hex");

export function signAcquirerCallback(secret: string, rawBody: string): string {
  return `sha256=${hmac(secret, rawBody)}`;
}

/** True when `header` is the signature of exactly these bytes; compared in constant time. */
export function isAcquirerCallbackSigned(
  secret: string,
  rawBody: string,
  header: string | undefined,
): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice("sha256=".length), "utf8");
  const expected = Buffer.from(hmac(secret, rawBody), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
