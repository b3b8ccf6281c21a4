import { z } from "zod";
import { signWebhookBody } from "../../http/signed-webhook.ts";

/** Where the bank rail posts what happened to a transfer (like a bank's webhook). */
export const BANK_NOTIFICATION_PATH = "/v1/bank/notifications";
/** `sha256=<hex HMAC-SHA256 of the raw body with the callback secret>`. */
export const BANK_SIGNATURE_HEADER = "x-bank-signature";

const decimal = z.string().regex(/^\d{1,30}(\.\d{1,2})?$/, "must be a decimal string");

/**
 * One SEPA credit transfer as the rail sees it now. IN: a payment to one of our IBANs
 * (`accountIban`), final when sent (EXECUTED). OUT: one we ordered (`reference` = our transfer
 * id), PENDING, then EXECUTED or RETURNED with a reason. The same state may arrive any number of
 * times: receivers apply each transfer's final state once.
 */
export const bankNotificationSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
    direction: z.enum(["IN", "OUT"]),
    status: z.enum(["PENDING", "EXECUTED", "RETURNED"]),
    accountIban: z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/),
    counterpartyName: z.string().min(1).max(140),
    counterpartyIban: z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/),
    counterpartyBic: z.string().max(11).nullable(),
    amount: decimal,
    currency: z.literal("EUR"),
    remittance: z.string().max(140).nullable(),
    reference: z.string().max(100).nullable(),
    returnReason: z.string().max(200).nullable(),
  })
  .strict()
  .meta({ id: "BankNotification" });
export type BankNotification = z.infer<typeof bankNotificationSchema>;

/** The sender's signature of these exact bytes (the receiver checks it: http/signed-webhook.ts). */
export const signBankNotification = signWebhookBody;

export type DeliverBankNotification = (rawBody: string, signature: string) => Promise<{ status: number }>;

/** Posts the signed notification to the server, as the bank's webhook would. */
export function httpBankDelivery(url: string): DeliverBankNotification {
  return async (rawBody, signature) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", [BANK_SIGNATURE_HEADER]: signature },
      body: rawBody,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status };
  };
}
