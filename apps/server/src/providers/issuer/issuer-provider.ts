import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Tx } from "../../db/transaction.ts";
import { commonErrors } from "../../http/app-error.ts";
import { standIn } from "../party-coverage.ts";

/** Where the issuer's signed callbacks arrive (modules/cards/cards-callback.routes.ts). */
export const ISSUER_CALLBACK_PATH = "/v1/callbacks/issuer";
/** `sha256=<hex HMAC-SHA256 of the raw body>` under the callback secret. */
export const ISSUER_SIGNATURE_HEADER = "x-issuer-signature";
/** The sandbox issuer's clock: one job per order, run when its next step is due. */
export const ISSUER_STEP_TASK = "issuer_sandbox_step";

/** What the product asks the issuer for: a card for a paid request. */
export type CardOrder = {
  orderRef: string;
  merchantId: string;
  program: string;
  cardType: "PLASTIC" | "VIRTUAL";
  /** Where the sandbox "mails" the activation code (the customer's phone, digits). */
  phone: string;
  shippingCity: string | null;
  /**
   * What the platform pays the issuer for the card, minor units: the order's fiat side, which
   * the ledger credits to issuer_settlement. A real issuer bills it; the sandbox keeps it.
   */
  price: { amount: bigint; currency: string };
};

const DELIVERY_STATES = ["ORDER_PENDING", "ORDERED", "IN_DELIVERY", "ACTIVATED", "SUPPORT"] as const;

/** The issuer's report on one order: the card once issued, and where a plastic card is. */
export const issuerEventSchema = z
  .object({
    eventId: z.string().min(8).max(120),
    orderRef: z.uuid(),
    merchantId: z.uuid(),
    issuerCardId: z.string().min(4).max(64),
    last4: z.string().regex(/^\d{4}$/),
    expiryMonth: z.number().int().min(1).max(12),
    expiryYear: z.number().int().min(2000).max(2100),
    deliveryState: z.enum(DELIVERY_STATES).nullable(),
    at: z.iso.datetime({ offset: true }),
  })
  .strict();
export type IssuerEvent = z.infer<typeof issuerEventSchema>;

export type ActivationResult = "ACTIVATED" | "BAD_CODE" | "LOCKED" | "NOT_READY";

/**
 * A card issuer. Ordering is written in the caller's transaction (the order commits with its
 * payment, or not at all); the issuer then works on its own clock and reports by signed callback.
 */
export interface IssuerProvider {
  orderCard(tx: Tx, order: CardOrder): Promise<void>;
  /** Withdraws an order not issued yet; false when the card was issued meanwhile. */
  cancelOrder(tx: Tx, orderRef: string): Promise<boolean>;
  activate(issuerCardId: string, code: string): Promise<ActivationResult>;
  /**
   * An order's card now, like the issuer's GET (null: not issued yet, or unknown). Optional:
   * without it an operator's "ask again" says the issuer cannot answer.
   */
  orderStatus?(orderRef: string): Promise<IssuerEvent | null>;
}

const hmac = (secret: string, rawBody: string) =>
  createHmac("sha256", secret).update(rawBody, "utf8").digest("hex");

export function signIssuerCallback(secret: string, rawBody: string): string {
  return `sha256=${hmac(secret, rawBody)}`;
}

export function isIssuerCallbackSigned(secret: string, rawBody: string, header: string | undefined): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice("sha256=".length), "utf8");
  const expected = Buffer.from(hmac(secret, rawBody), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type DeliverIssuerCallback = (rawBody: string, signature: string) => Promise<{ status: number }>;

/** Posts a signed callback to the server over HTTP, as a real issuer's webhook would. */
export function httpIssuerDelivery(url: string): DeliverIssuerCallback {
  return async (rawBody, signature) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", [ISSUER_SIGNATURE_HEADER]: signature },
      body: rawBody,
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    return { status: response.status };
  };
}

/** Outside sandbox mode until a real issuer's adapter exists: card orders are refused (503). */
export function unavailableIssuer(): IssuerProvider {
  const refuse = async (): Promise<never> => {
    throw commonErrors.create("SERVICE_UNAVAILABLE", {
      message: "Cards are not available yet. Please try again later.",
    });
  };
  return standIn({ orderCard: refuse, cancelOrder: refuse, activate: refuse });
}
