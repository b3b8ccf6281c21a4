import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorResponses } from "../../http/error-body.ts";
import { ISSUER_CALLBACK_PATH, ISSUER_SIGNATURE_HEADER } from "../../providers/issuer/issuer-provider.ts";

/**
 * The card issuer's callbacks. The body is kept raw (this plugin only): the HMAC is over the
 * exact bytes sent.
 */
export const cardsCallbackRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, body),
    );
    app.post(
      ISSUER_CALLBACK_PATH,
      {
        schema: {
          operationId: "cardIssuerCallback",
          tags: ["cards"],
          description: `A card issuer's event (the card issued, its delivery state), signed: ${ISSUER_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the raw body with the callback secret>. Repeats are no-ops.`,
          response: {
            200: z.object({ result: z.literal("OK"), effect: z.string() }),
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (req) => {
        const signature = req.headers[ISSUER_SIGNATURE_HEADER];
        const rawBody = typeof req.body === "string" ? req.body : "";
        const effect = await deps.services.cards.receiveIssuerEvent(
          rawBody,
          Array.isArray(signature) ? signature[0] : signature,
        );
        return { result: "OK" as const, effect };
      },
    );
  };
