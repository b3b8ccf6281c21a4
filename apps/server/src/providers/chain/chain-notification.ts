import { z } from "zod";
import { CHAINS } from "../../db/schema/chain.ts";
import { signWebhookBody } from "../../http/signed-webhook.ts";

/** Where a chain provider posts what happened to a transaction (like a custody API's webhook). */
export const CHAIN_NOTIFICATION_PATH = "/v1/chain/notifications";
/** `sha256=<hex HMAC-SHA256 of the raw body with the callback secret>`. */
export const CHAIN_SIGNATURE_HEADER = "x-chain-signature";

const decimal = z.string().regex(/^\d{1,30}(\.\d{1,18})?$/, "must be a decimal string");

/**
 * One transaction's state as the chain sees it now. IN: a payment to `address` (one of our
 * deposit addresses, or not); OUT: a withdrawal we broadcast (`reference` = its id). The same
 * state may arrive any number of times and in any order: receivers keep the highest count.
 */
export const chainNotificationSchema = z
  .object({
    txHash: z.string().regex(/^(0x)?[0-9a-f]{64}$/, "must be a transaction hash"),
    /** The output (UTXO chains) or transfer (token logs) within the transaction. */
    outputIndex: z.number().int().min(0).max(10_000),
    chain: z.enum(CHAINS),
    currency: z.string().regex(/^[A-Z]{2,6}$/),
    direction: z.enum(["IN", "OUT"]),
    address: z.string().min(1).max(128),
    fromAddress: z.string().max(128).nullable(),
    amount: decimal,
    networkFee: decimal,
    confirmations: z.number().int().min(0).max(1_000_000),
    requiredConfirmations: z.number().int().min(1).max(1_000),
    status: z.enum(["PENDING", "CONFIRMED", "FAILED"]),
    reference: z.string().max(100).nullable(),
    failureReason: z.string().max(200).nullable(),
    /**
     * The block holding the transaction (a block follower's notifications say it): a deposit is
     * dropped only once the block at this height is replaced, not on one node's empty answer.
     */
    block: z
      .object({
        number: z.number().int().min(0),
        hash: z.string().regex(/^(0x)?[0-9a-f]{64}$/, "must be a block hash"),
      })
      .strict()
      .optional(),
  })
  .strict()
  .meta({ id: "ChainNotification" });
export type ChainNotification = z.infer<typeof chainNotificationSchema>;

/** The sender's signature of these exact bytes (the receiver checks it: http/signed-webhook.ts). */
export const signChainNotification = signWebhookBody;

export type DeliverNotification = (rawBody: string, signature: string) => Promise<{ status: number }>;

/** Posts the signed notification to the server, as a real provider's webhook would. */
export function httpNotificationDelivery(url: string): DeliverNotification {
  return async (rawBody, signature) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", [CHAIN_SIGNATURE_HEADER]: signature },
      body: rawBody,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status };
  };
}
