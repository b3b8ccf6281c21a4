import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorResponses } from "../../http/error-body.ts";
import { customerMerchant } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import { cpQuery, cardOk as ok } from "../card-orders/index.ts";
import type { BlockAction } from "./card-block.service.ts";
import {
  cardParams,
  codeBody,
  labelBody,
  pinBody,
  revealDetailsBody,
  revealDetailsResponse,
  revealNumberBody,
  revealNumberResponse,
} from "./card-security.schemas.ts";
import type { CardAsk } from "./card-security-parts.ts";

const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);
const tags = ["cards"];

type Req = Parameters<typeof signedIn>[0] & { query: { cp?: CardAsk["cp"] }; params: { cardId: string } };

/**
 * The customer's controls of an issued card (spec §7 Cards, reference §4.14–§4.15): reveal,
 * PIN, label, soft block. Secrets only ever leave sealed to the browser's key.
 */
export const cardSecurityRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const security = deps.services.cardSecurity;
    const session = { preHandler: authenticate(deps) };
    const ask = async (req: Req): Promise<CardAsk> => {
      const claims = signedIn(req);
      return {
        owner: { merchant: await customerMerchant(deps, claims.merchantId), customerId: claims.customerId },
        claims,
        cp: req.query.cp,
        cardId: req.params.cardId,
      };
    };
    const route = (operationId: string, description: string) => ({
      operationId,
      tags,
      description,
      security: bearerSecurity,
      querystring: cpQuery,
      params: cardParams,
    });
    const noStore = { "cache-control": "no-store" };

    app.post(
      "/v2/card/:cardId/number",
      {
        schema: {
          ...route(
            "revealCardNumber",
            "The card number sealed to the browser's RSA key (RSA-OAEP, SHA-256): never in clear. 400 naming publicKey when it is not an RSA key of 1024 to 4096 bits; 429 after 20 an hour per card.",
          ),
          body: revealNumberBody,
          response: { 200: revealNumberResponse, ...errors },
        },
        ...session,
      },
      async (req, reply) => {
        reply.headers(noStore);
        return security.revealNumber(await ask(req), req.body);
      },
    );

    app.get(
      "/v2/card/:cardId/details/code",
      {
        schema: {
          ...route("sendCardDetailsCode", "Texts the 4-digit code a details reveal needs (one a minute)."),
          response: { 200: ok, ...errors },
        },
        ...session,
      },
      async (req) => security.sendDetailsCode(await ask(req), req.ip),
    );

    app.post(
      "/v2/card/:cardId/details",
      {
        schema: {
          ...route(
            "revealCardDetails",
            "With the texted code: number and CVV sealed to the browser's RSA key (RSA-OAEP, SHA-256), the expiry and the name.",
          ),
          body: revealDetailsBody,
          response: { 200: revealDetailsResponse, ...errors },
        },
        ...session,
      },
      async (req, reply) => {
        reply.headers(noStore);
        return security.revealDetails(await ask(req), req.body);
      },
    );

    app.post(
      "/v2/card/:cardId/pin",
      {
        schema: {
          ...route(
            "setCardPin",
            "Sets the card PIN, sent encrypted to the server's RSA key. 4 digits, not one digit repeated nor digits in a row (400 naming pin).",
          ),
          body: pinBody,
          response: { 200: ok, ...errors },
        },
        ...session,
      },
      async (req) => security.setPin(await ask(req), req.body),
    );

    app.post(
      "/v2/card/:cardId/label",
      {
        schema: {
          ...route(
            "setCardLabel",
            "The customer's own name for the card (up to 30 characters; empty clears it).",
          ),
          body: labelBody,
          response: { 200: ok, ...errors },
        },
        ...session,
      },
      async (req) => security.setLabel(await ask(req), req.body),
    );

    const block = (action: BlockAction, path: string, operationId: string, what: string) => {
      app.get(
        `/v2/card/:cardId/${path}/code`,
        {
          schema: {
            ...route(`${operationId}Code`, `Texts the 4-digit code to ${what} the card (one a minute).`),
            response: { 200: ok, ...errors },
          },
          ...session,
        },
        async (req) => security.sendBlockCode(await ask(req), action, req.ip),
      );
      app.post(
        `/v2/card/:cardId/${path}`,
        {
          schema: {
            ...route(operationId, `With the texted code, ${what}s the card; a code works once.`),
            body: codeBody,
            response: { 200: ok, ...errors },
          },
          ...session,
        },
        async (req) => security.confirmBlock(await ask(req), action, req.body.code),
      );
    };
    block("BLOCK", "soft-block", "softBlockCard", "block");
    block("UNBLOCK", "soft-unblock", "softUnblockCard", "unblock");
  };
