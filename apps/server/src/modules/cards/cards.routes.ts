import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { moneyCallErrors } from "../../http/error-body.ts";
import { customerMerchant } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import { cpQuery } from "../card-orders/index.ts";
import { cardSecurityRoutes } from "./card-security.routes.ts";
import { activateBody, cardIdParams, cardView, listResponse, rsaKeyResponse } from "./cards.schemas.ts";

const tags = ["cards"];

/** Issued cards (spec §7 Cards, reference §4.13): every call takes `cp`, the card program. */
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
