import { z } from "zod";

/**
 * The issuer's card-transaction callbacks (docs/card-funding.md "Spending"): a purchase asks for
 * an authorisation (the program manager, us, holds the balance and answers APPROVED or DECLINED
 * in the response), then the issuer reports its settlement, its reversal or a shop's refund.
 * Signed like the card callbacks (x-issuer-signature: sha256=<HMAC of the raw body>).
 */
export const ISSUER_CARD_EVENTS_PATH = "/v1/callbacks/issuer/card-transactions";
/** The worker's task that (re)delivers one card event until the server answers it. */
export const ISSUER_CARD_EVENT_TASK = "issuer_sandbox_card_event";

export const CARD_EVENT_TYPES = ["AUTHORISATION", "SETTLEMENT", "REVERSAL", "REFUND"] as const;
export type CardEventType = (typeof CARD_EVENT_TYPES)[number];

export const cardEventSchema = z
  .object({
    /** `<transaction>:<type>`: the same event repeated (a retry) is answered once. */
    eventId: z.string().min(8).max(160),
    type: z.enum(CARD_EVENT_TYPES),
    merchantId: z.uuid(),
    issuerCardId: z.string().min(4).max(64),
    transactionId: z.string().min(4).max(64),
    /** Decimal string in the card's currency. */
    amount: z.string().regex(/^\d{1,15}(\.\d{1,2})?$/),
    currency: z.string().regex(/^[A-Z]{3}$/),
    shop: z.string().min(1).max(80),
    at: z.iso.datetime({ offset: true }),
  })
  .strict();
export type CardEvent = z.infer<typeof cardEventSchema>;

/** What the server answers an event: the authorisation's decision, or ACCEPTED for the others. */
export const cardEventAnswerSchema = z.object({
  result: z.literal("OK"),
  eventId: z.string(),
  decision: z.enum(["APPROVED", "DECLINED", "ACCEPTED", "IGNORED"]),
  reason: z.string().nullable(),
});
export type CardEventAnswer = z.infer<typeof cardEventAnswerSchema>;

export type DeliverCardEvent = (
  rawBody: string,
  signature: string,
) => Promise<{ status: number; body: unknown }>;
