import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { moneyCallErrors } from "../../http/error-body.ts";
import { readIdempotency, sendStoredResponse } from "../../http/idempotency.ts";
import { customerMerchant } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import { cardSecurityRoutes } from "../cards/card-security.routes.ts";
import {
  activateBody,
  addressV2Body,
  addressV3Body,
  cancelResponse,
  cardholderBody,
  cardIdParams,
  cardView,
  constantsResponse,
  countriesResponse,
  cpQuery,
  createRequestBody,
  createRequestResponse,
  idempotencyHeaders,
  listResponse,
  offerParams,
  ok,
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
  rsaKeyResponse,
} from "./card-orders.schemas.ts";

const tags = ["cards"];

/** Cards (spec §7 Cards, reference §4.13): every call takes `cp`, the card program. */
export const cardsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { cards } = deps.services;
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
      async (req) => cards.prices((await owner(req)).merchant, req.query.cp),
    );

    app.get(
      "/v2/card/list",
      {
        schema: {
          ...base(
            "listCards",
            "The customer's cards of the program and their unfinished orders (id null), with the display status and the order's open steps (additionalStatuses).",
          ),
          querystring: cpQuery,
          response: { 200: listResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        reply.header("cache-control", "no-store");
        return cards.list(await owner(req), req.query.cp);
      },
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
      async (req) => cards.createRequest(await owner(req), req.query.cp, req.body),
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
        cards.cancel({
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
      async (req) => cards.putAddressV2(await owner(req), req.query.cp, req.params.cardRequestId, req.body),
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
      async (req) => cards.putAddressV3(await owner(req), req.query.cp, req.params.cardRequestId, req.body),
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
        cards.putCardholderName(await owner(req), req.query.cp, req.params.cardRequestId, req.body),
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
      async (req) => cards.savePersonalInfo(await owner(req), req.query.cp, req.body),
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
        return cards.personalInfo(await owner(req), req.query.cp);
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
      async (req) => cards.constants((await owner(req)).merchant, req.query.cp),
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
      async (req) => cards.deliveryCountries((await owner(req)).merchant, req.query.cp),
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
        return cards.price(await owner(req), req.query.cp, id, currency, req.query.promoCode);
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
        return cards.createOffer(await owner(req), req.query.cp, id, currency, req.query.promoCode);
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
        const outcome = await cards.confirm({
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

    app.get(
      "/v2/card/rsa-public-key",
      {
        schema: {
          ...base(
            "getCardRsaPublicKey",
            "The server's RSA public key (base64 DER SPKI, 2048-bit) for codes the app sends: RSA-OAEP with SHA-256, ciphertext base64.",
          ),
          querystring: cpQuery,
          response: { 200: rsaKeyResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => cards.rsaPublicKey((await owner(req)).merchant, req.query.cp),
    );

    const activation = (description: string) => ({
      querystring: cpQuery,
      body: activateBody,
      response: { 200: cardView, ...moneyCallErrors },
      description,
    });

    app.post(
      "/v2/card/virtual/activate",
      {
        schema: {
          ...base("activateVirtualCard", ""),
          ...activation(
            "Activates the customer's virtual card with the code sent to them (passCode encrypted to keyId).",
          ),
        },
        ...session,
      },
      async (req) => cards.activate(await owner(req), req.query.cp, req.body, { cardType: "VIRTUAL" }),
    );

    app.post(
      "/v2/card/plastic/:id/activate",
      {
        schema: {
          ...base("activatePlasticCardById", ""),
          ...activation("Activates this plastic card with the code mailed with it."),
          params: cardIdParams,
        },
        ...session,
      },
      async (req) =>
        cards.activate(await owner(req), req.query.cp, req.body, {
          cardType: "PLASTIC",
          cardId: req.params.id,
        }),
    );

    app.post(
      "/v2/card/plastic/activate",
      {
        schema: {
          ...base("activatePlasticCard", ""),
          ...activation(
            "Activates the customer's plastic card on its way (the newest) with the code mailed with it.",
          ),
        },
        ...session,
      },
      async (req) => cards.activate(await owner(req), req.query.cp, req.body, { cardType: "PLASTIC" }),
    );

    // Reveal, PIN, label, soft block: their own routes file.
    await app.register(cardSecurityRoutes(deps));
  };
