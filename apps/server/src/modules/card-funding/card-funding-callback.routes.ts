import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorResponses } from "../../http/error-body.ts";
import { cardEventAnswerSchema, ISSUER_CARD_EVENTS_PATH } from "../../providers/issuer/card-events.ts";
import { ISSUER_SIGNATURE_HEADER } from "../../providers/issuer/issuer-provider.ts";

/**
 * The issuer's card-transaction callbacks (authorisation, settlement, reversal, refund). The body
 * is kept raw (this plugin only): the HMAC is over the exact bytes sent.
 */
export const cardFundingCallbackRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, body),
    );
    app.post(
      ISSUER_CARD_EVENTS_PATH,
      {
        schema: {
          operationId: "cardIssuerTransactionCallback",
          tags: ["cards"],
          description: `A card issuer's card-transaction event, signed: ${ISSUER_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the raw body with the callback secret>. An authorisation is answered APPROVED or DECLINED (with the reason); a repeated event gets the first answer and moves nothing.`,
          response: {
            200: cardEventAnswerSchema.meta({ id: "CardIssuerEventAnswer" }),
            ...errorResponses(400, 401, 404, 409, 422),
          },
        },
      },
      async (req) => {
        const signature = req.headers[ISSUER_SIGNATURE_HEADER];
        const rawBody = typeof req.body === "string" ? req.body : "";
        return deps.services.cardFunding.receiveCardEvent(
          rawBody,
          Array.isArray(signature) ? signature[0] : signature,
        );
      },
    );
  };
