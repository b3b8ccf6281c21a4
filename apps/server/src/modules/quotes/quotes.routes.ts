import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorResponses } from "../../http/error-body.ts";
import { readIdempotency, sendStoredResponse } from "../../http/idempotency.ts";
import { customerMerchant } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import {
  createOfferBody,
  exchangeCurrenciesQuery,
  exchangeCurrenciesResponse,
  executeOfferHeaders,
  executeOfferParams,
  executeOfferResponse,
  offerResponse,
  updateOfferBody,
} from "./quotes.schemas.ts";

const errors = errorResponses(400, 401, 403, 404, 409, 422, 503);

/** Exchange (spec §7, reference §4.9): the pairs, then an offer created, updated, executed once. */
export const quotesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { quotes } = deps.services;
    const session = { preHandler: authenticate(deps) };
    const customer = async (req: Parameters<typeof signedIn>[0]) => {
      const claims = signedIn(req);
      return { claims, merchant: await customerMerchant(deps, claims.merchantId) };
    };

    app.get(
      "/v2/exchange/currencies",
      {
        schema: {
          operationId: "exchangeCurrencies",
          tags: ["exchange"],
          description:
            "The pairs the customer may exchange: the rate with the merchant's spread, bounds of the from-amount and what they deliver, scales, what 'exchange all' takes, and whether the pair is locked.",
          security: bearerSecurity,
          querystring: exchangeCurrenciesQuery,
          response: { 200: exchangeCurrenciesResponse, ...errors },
        },
        ...session,
      },
      async (req) => {
        const { claims, merchant } = await customer(req);
        return { pairs: await quotes.listPairs(merchant, claims.customerId, req.query.coinPairs) };
      },
    );

    app.post(
      "/v1/mobile/exchange/offer",
      {
        schema: {
          operationId: "createExchangeOffer",
          tags: ["exchange"],
          description:
            "Prices an exchange of the amount the customer typed (exactly one of amountFrom and amountTo): an offer valid for validSeconds (20), executed at exactly these amounts.",
          security: bearerSecurity,
          body: createOfferBody,
          response: { 200: offerResponse, ...errors },
        },
        ...session,
      },
      async (req) => {
        const { claims, merchant } = await customer(req);
        return quotes.createOffer(merchant, claims.customerId, req.body);
      },
    );

    app.put(
      "/v1/mobile/exchange/offer",
      {
        schema: {
          operationId: "updateExchangeOffer",
          tags: ["exchange"],
          description:
            "Re-prices the customer's open offer (new amounts, or a renewal once it lapsed), valid for validSeconds from now. An executed offer answers OFFER_ALREADY_EXECUTED; an expired one OFFER_EXPIRED (create a new one).",
          security: bearerSecurity,
          body: updateOfferBody,
          response: { 200: offerResponse, ...errors },
        },
        ...session,
      },
      async (req) => {
        const { claims, merchant } = await customer(req);
        return quotes.updateOffer(merchant, claims.customerId, req.body);
      },
    );

    app.put(
      "/v1/mobile/exchange/offer/:offerId",
      {
        schema: {
          operationId: "executeExchangeOffer",
          tags: ["exchange"],
          description:
            "Executes the offer once, at its quoted amounts, while it is valid; balance, KYC limits and the operations catalog are checked again. Needs an Idempotency-Key: a retry with it gets the stored receipt.",
          security: bearerSecurity,
          params: executeOfferParams,
          headers: executeOfferHeaders,
          response: { 200: executeOfferResponse, ...errors },
        },
        ...session,
      },
      async (req, reply) => {
        const { claims, merchant } = await customer(req);
        const { idempotencyKey, requestHash } = readIdempotency(req, `customer:${claims.customerId}`);
        const outcome = await quotes.executeOffer({
          merchant,
          customer: claims,
          offerId: req.params.offerId,
          idempotencyKey,
          requestHash,
        });
        return sendStoredResponse(reply, outcome);
      },
    );
  };
