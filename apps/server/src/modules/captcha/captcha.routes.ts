import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import { requestMerchant } from "../../http/request-merchant.ts";

const challengeSchema = z
  .object({
    algorithm: z.string(),
    challenge: z.string(),
    maxnumber: z.number().optional(),
    salt: z.string(),
    signature: z.string(),
  })
  .meta({ id: "CaptchaChallenge" });

export const captchaRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/captcha/challenge",
      {
        schema: { operationId: "getCaptchaChallenge", tags: ["captcha"], response: { 200: challengeSchema } },
      },
      async (_req, reply) => {
        reply.header("cache-control", "no-store");
        return deps.services.captcha.newChallenge();
      },
    );
    app.post(
      "/api/captcha",
      {
        schema: {
          operationId: "verifyCaptcha",
          tags: ["captcha"],
          querystring: z.object({
            token: z.string().min(1).max(4096).describe("The solved ALTCHA payload, base64"),
          }),
          response: { 200: z.object({ data: z.object({ success: z.boolean() }) }), 400: errorBodySchema },
        },
      },
      async (req) => {
        const merchant = await requestMerchant(deps, req);
        return { data: { success: await deps.services.captcha.verify(merchant.id, req.query.token) } };
      },
    );
  };
