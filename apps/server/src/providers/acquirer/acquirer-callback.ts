import { z } from "zod";
import { signWebhookBody } from "../../http/signed-webhook.ts";

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

/** The sender's signature of these exact bytes (the receiver checks it: http/signed-webhook.ts). */
export const signAcquirerCallback = signWebhookBody;
