import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { notModifiedResponse, sendCacheable } from "../../http/cacheable.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import { requestMerchant } from "../../http/request-merchant.ts";
import {
  bannersQuery,
  bannersResponse,
  faqQuery,
  faqResponse,
  screensQuery,
  screensResponse,
  webInfoQuery,
  webInfoResponse,
} from "./merchants.schemas.ts";
import type { Merchant } from "./merchants.service.ts";
import { supportChatUrl } from "./support-contact.ts";

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
          response: { 200: webInfoResponse, 400: errorBodySchema, ...notModifiedResponse },
        },
      },
      async (req, reply) => {
        const merchant = await requestMerchant(deps, req);
        return sendCacheable(req, reply, {
          success: true as const,
          data: infoVariant(merchant, req.query.variant, deps.config.supportChatWidgetUrl),
        });
      },
    );

    app.get(
      "/web/screens",
      {
        schema: {
          operationId: "getWebScreens",
          tags: ["merchant configuration"],
          querystring: screensQuery,
          response: { 200: screensResponse, 400: errorBodySchema, ...notModifiedResponse },
        },
      },
      async (req, reply) => {
        const merchant = await requestMerchant(deps, req);
        const texts = deps.services.merchants.screenTexts(merchant, req.query.locale);
        return sendCacheable(req, reply, { success: true as const, data: { texts } });
      },
    );

    app.get(
      "/web/banners",
      {
        schema: {
          operationId: "getWebBanners",
          tags: ["merchant configuration"],
          querystring: bannersQuery,
          response: { 200: bannersResponse, 400: errorBodySchema, ...notModifiedResponse },
        },
      },
      async (req, reply) => {
        const merchant = await requestMerchant(deps, req);
        const banners = await deps.services.merchants.listBanners({
          merchantId: merchant.id,
          locale: req.query.locale,
          position: req.query.bannerPosition,
        });
        return sendCacheable(req, reply, { success: true as const, data: banners });
      },
    );

    app.get(
      "/web/faq",
      {
        schema: {
          operationId: "getWebFaq",
          tags: ["merchant configuration"],
          querystring: faqQuery,
          response: { 200: faqResponse, 400: errorBodySchema, ...notModifiedResponse },
        },
      },
      async (req, reply) => {
        // The FAQ is public content, so any known merchant may be named; an unknown one is a 400.
        const merchant = req.query.merchantId
          ? await deps.services.merchants.merchantById(req.query.merchantId, "merchantId")
          : await requestMerchant(deps, req);
        const faq = await deps.services.merchants.listFaq({
          merchantId: merchant.id,
          locale: req.query.locale,
        });
        return sendCacheable(req, reply, { success: true as const, data: faq });
      },
    );
  };

function infoVariant(
  m: Merchant,
  variant: "settingsData" | "merchantData" | "merchantSocial" | "filesLinks",
  chatWidgetUrl: string | undefined,
) {
  switch (variant) {
    case "settingsData":
      return m.settings;
    case "merchantData":
      return {
        title: m.title,
        merchantBackendId: m.id,
        supportChatKey: m.supportChatKey,
        supportChatUrl: supportChatUrl(chatWidgetUrl, m.supportChatKey),
        supportEmail: m.supportEmail,
        supportUrl: m.supportUrl,
        referralCodeRequired: m.referralCodeRequired,
        requestSigningKey: m.signingKey,
      };
    case "merchantSocial":
      return { links: m.social };
    case "filesLinks":
      return { documents: m.documents };
  }
}
