import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorResponses } from "../../http/error-body.ts";
import { REVIEW_CALLBACK_PATH, REVIEW_SIGNATURE_HEADER } from "../../providers/kyc/review-callback.ts";
import { callbackResponse } from "./kyc.schemas.ts";

/**
 * The KYC reviewer's decision callback. JSON bodies are kept as the raw string here (this plugin
 * only): the HMAC is over the exact bytes sent, which a parse and re-serialise would not keep.
 */
export const kycCallbackRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );

    app.post(
      REVIEW_CALLBACK_PATH,
      {
        schema: {
          operationId: "kycReviewCallback",
          tags: ["kyc"],
          description: `The reviewer's decision (KycReviewDecision as JSON), signed: ${REVIEW_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the raw body with the callback secret>. A repeated decision is a no-op; one older than the decision applied is stale.`,
          response: {
            200: callbackResponse,
            ...errorResponses(400, 401, 404, 409),
          },
        },
      },
      async (req) => {
        const signature = req.headers[REVIEW_SIGNATURE_HEADER];
        const rawBody = typeof req.body === "string" ? req.body : "";
        const effect = await deps.services.kyc.receiveDecision(
          rawBody,
          Array.isArray(signature) ? signature[0] : signature,
        );
        return { result: "OK" as const, effect };
      },
    );
  };
