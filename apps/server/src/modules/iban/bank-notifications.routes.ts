import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorResponses } from "../../http/error-body.ts";
import { parseSignedJson, registerSignedWebhook } from "../../http/signed-webhook.ts";
import {
  BANK_NOTIFICATION_PATH,
  BANK_SIGNATURE_HEADER,
  bankNotificationSchema,
} from "../../providers/bank/bank-notification.ts";
import { ibanErrors } from "./iban.errors.ts";

const notificationResponse = z
  .object({
    result: z.literal("OK"),
    effect: z.enum([
      "IGNORED",
      "PENDING",
      "CREDITED",
      "ALREADY_CREDITED",
      "COMPLETED",
      "RETURNED",
      "ALREADY_FINAL",
    ]),
  })
  .meta({ id: "BankNotificationResult" });

/** The bank rail's notifications: a signed webhook (http/signed-webhook.ts). */
export const bankNotificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await registerSignedWebhook(app, {
      path: BANK_NOTIFICATION_PATH,
      signatureHeader: BANK_SIGNATURE_HEADER,
      secret: deps.config.secrets.callback,
      bodyLimit: 16 * 1024,
      invalidSignature: () => ibanErrors.create("NOTIFICATION_SIGNATURE_INVALID"),
      schema: {
        operationId: "bankNotification",
        tags: ["bank"],
        description: `A SEPA transfer's state from the bank rail (BankNotification as JSON), signed: ${BANK_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the raw body with the callback secret>. Repeats are harmless: a transfer in is credited once, one out settled once.`,
        response: {
          200: notificationResponse,
          ...errorResponses(400, 404, 409, 422),
        },
      },
      handle: async (rawBody) => {
        const notification = parseSignedJson(rawBody, bankNotificationSchema, "notification");
        const effect = await deps.services.iban.onBankNotification(notification);
        return { result: "OK" as const, effect };
      },
    });
  };
