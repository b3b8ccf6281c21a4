import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorResponses } from "../../http/error-body.ts";
import { parseSignedJson, registerSignedWebhook } from "../../http/signed-webhook.ts";
import {
  CHAIN_NOTIFICATION_PATH,
  CHAIN_SIGNATURE_HEADER,
  chainNotificationSchema,
} from "../../providers/chain/chain-notification.ts";
import { cryptoErrors } from "./crypto.errors.ts";

const notificationResponse = z
  .object({
    result: z.literal("OK"),
    effect: z.enum([
      "IGNORED",
      "PENDING",
      "CREDITED",
      "ALREADY_CREDITED",
      "COMPLETED",
      "FAILED",
      "ALREADY_FINAL",
    ]),
  })
  .meta({ id: "ChainNotificationResult" });

/** The chain provider's notifications: a signed webhook (http/signed-webhook.ts). */
export const chainNotificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await registerSignedWebhook(app, {
      path: CHAIN_NOTIFICATION_PATH,
      signatureHeader: CHAIN_SIGNATURE_HEADER,
      secret: deps.config.secrets.callback,
      bodyLimit: 16 * 1024,
      invalidSignature: () => cryptoErrors.create("NOTIFICATION_SIGNATURE_INVALID"),
      schema: {
        operationId: "chainNotification",
        tags: ["chain"],
        description: `A transaction's state from the chain provider (ChainNotification as JSON), signed: ${CHAIN_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the raw body with the callback secret>. Repeats and out-of-order states are harmless: a deposit is credited once, a withdrawal settled once.`,
        // 404 and 409 too: the ledger's own refusals (an account gone, an operation in progress).
        response: {
          200: notificationResponse,
          ...errorResponses(400, 404, 409, 422),
        },
      },
      handle: async (rawBody) => {
        const n = parseSignedJson(rawBody, chainNotificationSchema, "notification");
        const { crypto } = deps.services;
        const effect =
          n.direction === "IN" ? await crypto.deposits.onIncoming(n) : await crypto.withdrawals.onOutgoing(n);
        return { result: "OK" as const, effect };
      },
    });
  };
