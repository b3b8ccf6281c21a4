import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorResponses } from "../../http/error-body.ts";
import { customerMerchant, customerOrigin } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import {
  billingAddress,
  cardDataResponse,
  cardIdParams,
  cardOfferResponse,
  cardView,
  offerIdParams,
  offerIdQuery,
  okResponse,
  payinCardBody,
  payinOfferBody,
  payinOfferUpdateBody,
  payinPayBody,
  payinPayResponse,
  payinStatusResponse,
} from "./acquiring.schemas.ts";
import { cardFeatureOffered } from "./card-feature-guard.ts";

export const cardErrors = errorResponses(400, 401, 403, 404, 409, 422, 503);

/** Card pay-in (spec §7, reference §4.10, flow §5.5). */
export const payinRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { cards, payin } = deps.services.acquiring;
    const session = { preHandler: authenticate(deps) };
    // Saving a card and the data call: refused too while the merchant has the feature off.
    const offered = { preHandler: [authenticate(deps), cardFeatureOffered(deps, "PAYIN_CARD")] };
    const customer = async (req: Parameters<typeof signedIn>[0]) => {
      const claims = signedIn(req);
      return { claims, merchant: await customerMerchant(deps, claims.merchantId) };
    };
    const tags = ["payin"];

    app.post(
      "/v3/payin/card",
      {
        schema: {
          operationId: "payinAddCard",
          tags,
          description:
            "Saves a card for pay-ins: the number goes to the acquirer only (Kestrel keeps its token, the masked number and BIN data). Luhn, a future expiry, the holder and the billing address are required.",
          security: bearerSecurity,
          body: payinCardBody,
          response: { 200: cardView, ...cardErrors },
        },
        ...offered,
      },
      async (req) => {
        const { claims, merchant } = await customer(req);
        return cards.addCard(merchant, claims.customerId, "PAYIN", req.body);
      },
    );

    app.post(
      "/v3/payin/card/:cardId/billing-address",
      {
        schema: {
          operationId: "payinCardBillingAddress",
          tags,
          description: "Sets the billing address of one of the customer's cards (pay-in or payout).",
          security: bearerSecurity,
          params: cardIdParams,
          body: billingAddress,
          response: { 200: okResponse, ...cardErrors },
        },
        ...session,
      },
      async (req) => {
        const { claims, merchant } = await customer(req);
        await cards.setBillingAddress(merchant, claims.customerId, req.params.cardId, req.body);
        return { result: "OK" as const };
      },
    );

    app.get(
      "/v3/payin/data",
      {
        schema: {
          operationId: "payinData",
          tags,
          description: "Saved cards, pairs with rates, bounds and fees, and the partner note.",
          security: bearerSecurity,
          response: { 200: cardDataResponse, ...cardErrors },
        },
        ...offered,
      },
      async (req) => {
        const { claims, merchant } = await customer(req);
        return payin.data(merchant, claims.customerId);
      },
    );

    app.post(
      "/v3/payin/offer",
      {
        schema: {
          operationId: "payinCreateOffer",
          tags,
          description:
            "Prices a pay-in of `amount` (fiat, fees included) with a saved card: valid 20 seconds.",
          security: bearerSecurity,
          body: payinOfferBody,
          response: { 200: cardOfferResponse, ...cardErrors },
        },
        ...session,
      },
      async (req) => {
        const { claims, merchant } = await customer(req);
        return payin.createOffer(merchant, claims.customerId, req.body);
      },
    );

    app.put(
      "/v3/payin/offer/:offerId",
      {
        schema: {
          operationId: "payinUpdateOffer",
          tags,
          description: "Re-prices the customer's open pay-in offer (new amount, or renewal when it lapsed).",
          security: bearerSecurity,
          params: offerIdParams,
          body: payinOfferUpdateBody,
          response: { 200: cardOfferResponse, ...cardErrors },
        },
        ...session,
      },
      async (req) => {
        const { claims, merchant } = await customer(req);
        return payin.updateOffer(merchant, claims.customerId, req.params.offerId, req.body);
      },
    );

    app.post(
      "/v3/payin/pay/:offerId",
      {
        schema: {
          operationId: "payinPay",
          tags,
          description:
            "Pays the offer with its card: the CVV and the browser information go to the acquirer. CHALLENGE answers the 3-D Secure page (authLink); the final status comes from pay-callback. Calling again answers the same payment.",
          security: bearerSecurity,
          params: offerIdParams,
          body: payinPayBody,
          response: { 200: payinPayResponse, ...cardErrors },
        },
        ...session,
      },
      async (req) => {
        const { claims, merchant } = await customer(req);
        return payin.pay(merchant, claims, req.params.offerId, req.body, customerOrigin(deps, req, merchant));
      },
    );

    app.get(
      "/v3/payin/pay-callback",
      {
        schema: {
          operationId: "payinPayStatus",
          tags,
          description:
            "Where the pay-in stands: PENDING, CHALLENGE, SUCCESS (credited) or FAILURE (with the reason).",
          security: bearerSecurity,
          querystring: offerIdQuery,
          response: { 200: payinStatusResponse, ...cardErrors },
        },
        ...session,
      },
      async (req) => {
        const { claims, merchant } = await customer(req);
        return payin.status(merchant, claims.customerId, req.query.offerId);
      },
    );
  };
