import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorResponses } from "../../http/error-body.ts";
import { registerSignedWebhook } from "../../http/signed-webhook.ts";
import {
  ACQUIRER_CALLBACK_PATH,
  ACQUIRER_SIGNATURE_HEADER,
} from "../../providers/acquirer/acquirer-callback.ts";
import { acquiringErrors } from "./acquiring.errors.ts";
import { callbackResponse } from "./acquiring.schemas.ts";

/** The acquirer's callbacks: a signed webhook (http/signed-webhook.ts). */
export const acquirerCallbackRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await registerSignedWebhook(app, {
      path: ACQUIRER_CALLBACK_PATH,
      signatureHeader: ACQUIRER_SIGNATURE_HEADER,
      secret: deps.config.secrets.callback,
      bodyLimit: 64 * 1024,
      invalidSignature: () => acquiringErrors.create("CALLBACK_NOT_SIGNED"),
      schema: {
        operationId: "acquirerCallback",
        tags: ["payin"],
        description: `The acquirer's event (AcquirerEvent as JSON), signed: ${ACQUIRER_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the raw body>. Repeats and stale events change nothing; an amount or currency other than the payment's is refused (422).`,
        response: {
          200: callbackResponse,
          ...errorResponses(400, 404, 409, 422),
        },
      },
      handle: async (rawBody) => {
        const effect = await deps.services.acquiring.events.receive(rawBody);
        return { result: "OK" as const, effect };
      },
    });
  };
