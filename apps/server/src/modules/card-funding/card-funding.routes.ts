import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { moneyCallErrors } from "../../http/error-body.ts";
import { readIdempotency, sendStoredResponse } from "../../http/idempotency.ts";
import { customerMerchant } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import {
  cardParams,
  cpQuery,
  currenciesResponse,
  dataResponse,
  historyQuery,
  historyResponse,
  idempotencyHeaders,
  offerParams,
  offerResponse,
  receiptResponse,
  topUpBody,
} from "./card-funding.schemas.ts";

/** A card's top-up from crypto (spec §7, reference §4.16) and the card's history. */
export const cardFundingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const funding = deps.services.cardFunding;
    const session = { preHandler: authenticate(deps) };
    const owner = async (req: Parameters<typeof signedIn>[0]) => {
      const c = signedIn(req);
      return { merchant: await customerMerchant(deps, c.merchantId), customerId: c.customerId };
    };
    const base = (operationId: string, description: string, tags = ["cards"]) => ({
      operationId,
      tags,
      description,
      security: bearerSecurity,
    });

    app.get(
      "/v2/card/payload/currencies",
      {
        schema: {
          ...base(
            "getCardTopUpCurrencies",
            "The wallets a card can be topped up from, with what each holds.",
          ),
          querystring: cpQuery,
          response: { 200: currenciesResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => funding.currencies(await owner(req)),
    );

    app.get(
      "/v2/card/:cardId/payload/data",
      {
        schema: {
          ...base("getCardTopUpData", "The card, its balance, and each pair's rate, bounds and fees."),
          params: cardParams,
          querystring: cpQuery,
          response: { 200: dataResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => funding.data(await owner(req), req.params.cardId, req.query.cp),
    );

    app.post(
      "/v2/card/:cardId/payload/offers",
      {
        schema: {
          ...base(
            "createCardTopUpOffer",
            "Prices a top-up of the card from a crypto wallet (give fromAmount or toAmount). Valid 40 s; the app renews it every 30 s.",
          ),
          params: cardParams,
          querystring: cpQuery,
          body: topUpBody,
          response: { 200: offerResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => funding.createOffer(await owner(req), req.params.cardId, req.body, req.query.cp),
    );

    app.put(
      "/v2/card/:cardId/payload/offers/:offerId",
      {
        schema: {
          ...base(
            "updateCardTopUpOffer",
            "Re-prices the open top-up offer (a lapsed one too): new amounts, new validity.",
          ),
          params: offerParams,
          querystring: cpQuery,
          body: topUpBody,
          response: { 200: offerResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) =>
        funding.updateOffer(await owner(req), req.params.cardId, req.params.offerId, req.body, req.query.cp),
    );

    app.post(
      "/v2/card/:cardId/payload/offers/:offerId/confirm",
      {
        schema: {
          ...base(
            "confirmCardTopUpOffer",
            "Tops the card up at exactly the offer's amounts, once per Idempotency-Key (a replay answers the same receipt).",
          ),
          headers: idempotencyHeaders,
          params: offerParams,
          querystring: cpQuery,
          response: { 200: receiptResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        const customer = signedIn(req);
        const { idempotencyKey, requestHash } = readIdempotency(req, `customer:${customer.customerId}`);
        const outcome = await funding.confirm(
          {
            merchant: (await owner(req)).merchant,
            customer,
            cardId: req.params.cardId,
            offerId: req.params.offerId,
            idempotencyKey,
            requestHash,
          },
          req.query.cp,
        );
        return sendStoredResponse(reply, outcome);
      },
    );

    app.get(
      "/v2/history/card/:cardId",
      {
        schema: {
          ...base(
            "getCardHistory",
            "The card's top-ups, purchases (pending, settled, declined with the reason, reversed) and refunds, newest first.",
            ["history"],
          ),
          params: cardParams,
          querystring: historyQuery,
          response: { 200: historyResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        reply.header("cache-control", "no-store");
        return funding.cardHistory(await owner(req), req.params.cardId, req.query);
      },
    );
  };
