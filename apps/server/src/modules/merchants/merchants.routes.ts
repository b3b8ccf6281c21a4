import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app.ts";
import { sendCacheable } from "../../http/cacheable.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import { requestMerchant } from "../../http/request-merchant.ts";
import { webInfoQuery, webInfoResponse } from "./merchants.schemas.ts";
import type { Merchant } from "./merchants.service.ts";

/** The merchant configuration service: look, texts and documents of the request's merchant. */
export const merchantsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/web/info",
      {
        schema: {
          operationId: "getWebInfo",
          tags: ["merchant configuration"],
          querystring: webInfoQuery,
          response: { 200: webInfoResponse, 400: errorBodySchema },
        },
      },
      async (req, reply) => {
        const merchant = await requestMerchant(deps, req);
        return sendCacheable(req, reply, {
          success: true as const,
          data: infoVariant(merchant, req.query.variant),
        });
      },
    );
  };

function infoVariant(
  m: Merchant,
  variant: "settingsData" | "merchantData" | "merchantSocial" | "filesLinks",
) {
  switch (variant) {
    case "settingsData":
      return m.settings;
    case "merchantData":
      return { title: m.title, merchantBackendId: m.id, supportChatKey: m.supportChatKey };
    case "merchantSocial":
      return { links: m.social };
    case "filesLinks":
      return { documents: m.documents };
  }
}
