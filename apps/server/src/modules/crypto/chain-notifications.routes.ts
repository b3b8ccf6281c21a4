import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { commonErrors } from "../../http/app-error.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import {
  CHAIN_NOTIFICATION_PATH,
  CHAIN_SIGNATURE_HEADER,
  chainNotificationSchema,
  isChainNotificationSigned,
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

/**
 * The chain provider's notifications (a webhook). JSON bodies stay raw strings in this plugin
 * only: the HMAC is over the exact bytes sent, which a parse and re-serialise would not keep.
 */
export const chainNotificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, body),
    );

    app.post(
      CHAIN_NOTIFICATION_PATH,
      {
        schema: {
          operationId: "chainNotification",
          tags: ["chain"],
          description: `A transaction's state from the chain provider (ChainNotification as JSON), signed: ${CHAIN_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the raw body with the callback secret>. Repeats and out-of-order states are harmless: a deposit is credited once, a withdrawal settled once.`,
          response: {
            200: notificationResponse,
            400: errorBodySchema,
            401: errorBodySchema,
            422: errorBodySchema,
          },
        },
      },
      async (req) => {
        const raw = typeof req.body === "string" ? req.body : "";
        const header = req.headers[CHAIN_SIGNATURE_HEADER];
        const signature = Array.isArray(header) ? header[0] : header;
        if (!isChainNotificationSigned(deps.config.secrets.callback, raw, signature)) {
          throw cryptoErrors.create("NOTIFICATION_SIGNATURE_INVALID");
        }
        const parsed = chainNotificationSchema.safeParse(safeJson(raw));
        if (!parsed.success) {
          throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
            message: `notification: ${parsed.error.issues[0]?.path.join(".") ?? ""} ${parsed.error.issues[0]?.message ?? ""}`,
          });
        }
        const n = parsed.data;
        const { crypto } = deps.services;
        const effect =
          n.direction === "IN" ? await crypto.deposits.onIncoming(n) : await crypto.withdrawals.onOutgoing(n);
        return { result: "OK" as const, effect };
      },
    );
  };

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
