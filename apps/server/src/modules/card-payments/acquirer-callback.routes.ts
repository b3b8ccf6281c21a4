import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import {
  ACQUIRER_CALLBACK_PATH,
  ACQUIRER_SIGNATURE_HEADER,
} from "../../providers/acquirer/acquirer-callback.ts";
import { callbackResponse } from "./card-payments.schemas.ts";

/**
 * The acquirer's callbacks. JSON bodies stay the raw string in this plugin only: the HMAC is over
 * the exact bytes sent, which a parse and re-serialise would not keep.
 */
export const acquirerCallbackRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    app.post(
      ACQUIRER_CALLBACK_PATH,
      {
        schema: {
          operationId: "acquirerCallback",
          tags: ["payin"],
          description: `The acquirer's event (AcquirerEvent as JSON), signed: ${ACQUIRER_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the raw body>. Repeats and stale events change nothing; an amount or currency other than the payment's is refused (422).`,
          response: {
            200: callbackResponse,
            400: errorBodySchema,
            401: errorBodySchema,
            404: errorBodySchema,
            422: errorBodySchema,
          },
        },
      },
      async (req) => {
        const signature = req.headers[ACQUIRER_SIGNATURE_HEADER];
        const rawBody = typeof req.body === "string" ? req.body : "";
        const effect = await deps.services.cardPayments.events.receive(
          rawBody,
          Array.isArray(signature) ? signature[0] : signature,
        );
        return { result: "OK" as const, effect };
      },
    );
  };
