import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { commonErrors } from "../../http/app-error.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import {
  BANK_NOTIFICATION_PATH,
  BANK_SIGNATURE_HEADER,
  bankNotificationSchema,
  isBankNotificationSigned,
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

/**
 * The bank rail's notifications (a webhook). JSON bodies stay raw strings in this plugin only: the
 * HMAC is over the exact bytes sent, which a parse and re-serialise would not keep.
 */
export const bankNotificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, body),
    );

    app.post(
      BANK_NOTIFICATION_PATH,
      {
        schema: {
          operationId: "bankNotification",
          tags: ["bank"],
          description: `A SEPA transfer's state from the bank rail (BankNotification as JSON), signed: ${BANK_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the raw body with the callback secret>. Repeats are harmless: a transfer in is credited once, one out settled once.`,
          response: { 200: notificationResponse, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (req) => {
        const raw = typeof req.body === "string" ? req.body : "";
        const header = req.headers[BANK_SIGNATURE_HEADER];
        const signature = Array.isArray(header) ? header[0] : header;
        if (!isBankNotificationSigned(deps.config.secrets.callback, raw, signature)) {
          throw ibanErrors.create("NOTIFICATION_SIGNATURE_INVALID");
        }
        const parsed = bankNotificationSchema.safeParse(safeJson(raw));
        if (!parsed.success) {
          throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
            message: `notification: ${parsed.error.issues[0]?.path.join(".") ?? ""} ${parsed.error.issues[0]?.message ?? ""}`,
          });
        }
        const effect = await deps.services.iban.onBankNotification(parsed.data);
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
