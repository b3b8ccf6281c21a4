import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { commonErrors } from "../../http/app-error.ts";
import { customerMerchant } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import {
  cardDataResponse,
  cardOfferResponse,
  cardView,
  offerIdParams,
  payoutCardBody,
  payoutOfferBody,
  payoutOfferUpdateBody,
  payoutPayResponse,
  sdkVersionHeaders,
} from "./acquiring.schemas.ts";
import { cardFeatureOffered } from "./card-feature-guard.ts";
import { cardErrors } from "./payin.routes.ts";

/** Card payout (spec §7, reference §4.11, flow §5.6): every call needs X-Sdk-Version. */
export const payoutRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { cards, payout } = deps.services.acquiring;
    // The header is checked right after the token (a stranger learns nothing but 401)
    // and before the body is validated, so a signed-in client that forgot it learns that first.
    // This plugin's routes only (Fastify scopes a hook to the plugin that adds it).
    app.addHook("preValidation", async (req) => {
      const v = req.headers["x-sdk-version"];
      if (typeof v !== "string" || v.trim() === "") {
        throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
          field: "X-Sdk-Version",
          message: "X-Sdk-Version: the header is required",
        });
      }
    });
    const session = { preHandler: authenticate(deps) };
    // Saving a card and the data call: refused too while the merchant has the feature off.
    const offered = { preHandler: [authenticate(deps), cardFeatureOffered(deps, "PAYOUT_CARD")] };
    const customer = async (req: Parameters<typeof signedIn>[0]) => {
      const claims = signedIn(req);
      return { claims, merchant: await customerMerchant(deps, claims.merchantId) };
    };
    const tags = ["payout"];
    const headers = sdkVersionHeaders;

    app.post(
      "/v4/payout/card",
      {
        schema: {
          operationId: "payoutAddCard",
          tags,
          description:
            "Saves a card for payouts (number to the acquirer only). A billing address may come now or later (POST /v3/payin/card/{cardId}/billing-address); paying needs one.",
          security: bearerSecurity,
          headers,
          body: payoutCardBody,
          response: { 200: cardView, ...cardErrors },
        },
        ...offered,
      },
      async (req) => {
        const { claims, merchant } = await customer(req);
        return cards.addCard(merchant, claims.customerId, "PAYOUT", req.body);
      },
    );

    app.get(
      "/v4/payout/data",
      {
        schema: {
          operationId: "payoutData",
          tags,
          description: "Saved payout cards, pairs with rates, bounds and fees.",
          security: bearerSecurity,
          headers,
          response: { 200: cardDataResponse, ...cardErrors },
        },
        ...offered,
      },
      async (req) => {
        const { claims, merchant } = await customer(req);
        return payout.data(merchant, claims.customerId);
      },
    );

    app.post(
      "/v4/payout/offer",
      {
        schema: {
          operationId: "payoutCreateOffer",
          tags,
          description:
            "Prices a payout of `amount` (crypto, fees included) to a saved card: valid 20 seconds.",
          security: bearerSecurity,
          headers,
          body: payoutOfferBody,
          response: { 200: cardOfferResponse, ...cardErrors },
        },
        ...session,
      },
      async (req) => {
        const { claims, merchant } = await customer(req);
        return payout.createOffer(merchant, claims.customerId, req.body);
      },
    );

    app.put(
      "/v4/payout/offer/:offerId",
      {
        schema: {
          operationId: "payoutUpdateOffer",
          tags,
          description: "Re-prices the customer's open payout offer.",
          security: bearerSecurity,
          headers,
          params: offerIdParams,
          body: payoutOfferUpdateBody,
          response: { 200: cardOfferResponse, ...cardErrors },
        },
        ...session,
      },
      async (req) => {
        const { claims, merchant } = await customer(req);
        return payout.updateOffer(merchant, claims.customerId, req.params.offerId, req.body);
      },
    );

    app.post(
      "/v4/payout/pay/:offerId",
      {
        schema: {
          operationId: "payoutPay",
          tags,
          description:
            "Reserves the offer's money and orders the payout: PENDING until the payout rail confirms (posted) or rejects (released). Calling again answers the same payout.",
          security: bearerSecurity,
          headers,
          params: offerIdParams,
          response: { 200: payoutPayResponse, ...cardErrors },
        },
        ...session,
      },
      async (req) => {
        const { claims, merchant } = await customer(req);
        return payout.pay(merchant, claims, req.params.offerId);
      },
    );
  };
