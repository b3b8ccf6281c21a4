import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { moneyCallErrors } from "../../http/error-body.ts";
import { readIdempotency, sendStoredResponse } from "../../http/idempotency.ts";
import { customerMerchant } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import {
  addressV2Body,
  addressV3Body,
  cancelResponse,
  cardholderBody,
  constantsResponse,
  countriesResponse,
  createRequestBody,
  createRequestResponse,
  idempotencyHeaders,
  offerParams,
  paymentOfferResponse,
  paymentReceipt,
  personalInfoBody,
  personalInfoResponse,
  priceParams,
  priceQuery,
  priceResponse,
  pricesResponse,
  requestIdParams,
  requestParams,
} from "./card-orders.schemas.ts";
import { cpQuery, cardOk as ok } from "./card-orders.types.ts";

const tags = ["cards"];

/** Ordering a card (spec §7 Cards, reference §4.13): every call takes `cp`, the card program. */
export const cardOrdersRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { cardOrders } = deps.services;
    const session = { preHandler: authenticate(deps) };
    const owner = async (req: Parameters<typeof signedIn>[0]) => {
      const c = signedIn(req);
      return { merchant: await customerMerchant(deps, c.merchantId), customerId: c.customerId };
    };
    const base = (operationId: string, description: string) => ({
      operationId,
      tags,
      description,
      security: bearerSecurity,
    });

    app.get(
      "/v2/card/prices",
      {
        schema: {
          ...base(
            "getCardPrices",
            "The program's card forms with price, delivery (EUR), designs, plan and fees.",
          ),
          querystring: cpQuery,
          response: { 200: pricesResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => cardOrders.prices((await owner(req)).merchant, req.query.cp),
    );

    app.post(
      "/v2/card/card-requests",
      {
        schema: {
          ...base(
            "createCardRequest",
            "Opens a card order of an allowed program and form (403 with the reason if not).",
          ),
          querystring: cpQuery,
          body: createRequestBody,
          response: { 200: createRequestResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => cardOrders.createRequest(await owner(req), req.query.cp, req.body),
    );

    app.post(
      "/v2/card/card-requests/:id/cancel",
      {
        schema: {
          ...base(
            "cancelCardRequest",
            "Cancels an order not issued yet; a paid one is refunded whole, once. An issued card's order: 409.",
          ),
          querystring: cpQuery,
          params: requestParams,
          response: { 200: cancelResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) =>
        cardOrders.cancel({
          merchant: (await owner(req)).merchant,
          customer: signedIn(req),
          cp: req.query.cp,
          id: req.params.id,
        }),
    );

    app.put(
      "/v2/card/card-requests/:cardRequestId/address",
      {
        schema: {
          ...base(
            "putCardRequestAddressV2",
            "The residence (billing) address; a plastic card is shipped there.",
          ),
          querystring: cpQuery,
          params: requestIdParams,
          body: addressV2Body,
          response: { 200: ok, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) =>
        cardOrders.putAddressV2(await owner(req), req.query.cp, req.params.cardRequestId, req.body),
    );

    app.put(
      "/v3/card/card-requests/:cardRequestId/address",
      {
        schema: {
          ...base(
            "putCardRequestAddress",
            "Billing address and, for plastic, the shipping address (shippingMatchBilling, on by default: shipped to the billing address).",
          ),
          querystring: cpQuery,
          params: requestIdParams,
          body: addressV3Body,
          response: { 200: ok, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) =>
        cardOrders.putAddressV3(await owner(req), req.query.cp, req.params.cardRequestId, req.body),
    );

    app.put(
      "/v2/card/card-requests/:cardRequestId/cardholder-name",
      {
        schema: {
          ...base(
            "putCardholderName",
            "The name on the card: Latin letters, up to 24 each, embossed in capitals.",
          ),
          querystring: cpQuery,
          params: requestIdParams,
          body: cardholderBody,
          response: { 200: ok, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) =>
        cardOrders.putCardholderName(await owner(req), req.query.cp, req.params.cardRequestId, req.body),
    );

    app.post(
      "/v3/card/additional-personal-info",
      {
        schema: {
          ...base(
            "saveCardPersonalInfo",
            "The issuer's questions: US links, income sources, monthly turnover.",
          ),
          querystring: cpQuery,
          body: personalInfoBody,
          response: { 200: ok, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => cardOrders.savePersonalInfo(await owner(req), req.query.cp, req.body),
    );

    app.get(
      "/v3/card/additional-personal-info",
      {
        schema: {
          ...base("getCardPersonalInfo", "What the customer answered (filled false: nothing yet)."),
          querystring: cpQuery,
          response: { 200: personalInfoResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        reply.header("cache-control", "no-store");
        return cardOrders.personalInfo(await owner(req), req.query.cp);
      },
    );

    app.get(
      "/v3/card/additional-personal-info/constants",
      {
        schema: {
          ...base(
            "getCardPersonalInfoConstants",
            "Document types, income sources, purposes and turnover ranges.",
          ),
          querystring: cpQuery,
          response: { 200: constantsResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => cardOrders.constants((await owner(req)).merchant, req.query.cp),
    );

    app.get(
      "/v2/card/card-requests/country/plastic-delivery",
      {
        schema: {
          ...base("getPlasticDeliveryCountries", "Where plastic cards are delivered (the EU countries)."),
          querystring: cpQuery,
          response: { 200: countriesResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => cardOrders.deliveryCountries((await owner(req)).merchant, req.query.cp),
    );

    app.get(
      "/v2/card/card-requests/:id/price/:currency",
      {
        schema: {
          ...base(
            "getCardRequestPrice",
            "The order's price in EUR and in the crypto currency (quote engine, CARD_ORDER).",
          ),
          querystring: priceQuery,
          params: priceParams,
          response: { 200: priceResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        reply.header("cache-control", "no-store");
        const { id, currency } = req.params;
        return cardOrders.price(await owner(req), req.query.cp, id, currency, req.query.promoCode);
      },
    );

    app.post(
      "/v2/card/card-requests/:id/payment-offer/:currency",
      {
        schema: {
          ...base(
            "createCardPaymentOffer",
            "A CARD_ORDER offer for the order's price in the currency, open 60 seconds.",
          ),
          querystring: priceQuery,
          params: priceParams,
          response: { 200: paymentOfferResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => {
        const { id, currency } = req.params;
        return cardOrders.createOffer(await owner(req), req.query.cp, id, currency, req.query.promoCode);
      },
    );

    app.post(
      "/v2/card/card-requests/payment-offer/:id/confirm",
      {
        schema: {
          ...base(
            "confirmCardPaymentOffer",
            "Pays the order with the offer (id: the offer's), once per Idempotency-Key; the issuer then issues the card.",
          ),
          headers: idempotencyHeaders,
          querystring: cpQuery,
          params: offerParams,
          response: { 200: paymentReceipt, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        const customer = signedIn(req);
        const { idempotencyKey, requestHash } = readIdempotency(req, `customer:${customer.customerId}`);
        const outcome = await cardOrders.confirm({
          merchant: (await owner(req)).merchant,
          customer,
          cp: req.query.cp,
          offerId: req.params.id,
          idempotencyKey,
          requestHash,
        });
        return sendStoredResponse(reply, outcome);
      },
    );
  };
