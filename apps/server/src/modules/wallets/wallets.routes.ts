import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import { customerMerchant } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import {
  balanceHistoryQuery,
  balanceHistoryResponse,
  openWalletsBody,
  walletsResponse,
} from "./wallets.schemas.ts";

/** The signed-in customer's wallets. */
export const walletsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { wallets } = deps.services;
    const list = async (merchantId: string, customerId: string) =>
      wallets.listWallets(await customerMerchant(deps, merchantId), customerId);
    for (const [url, operationId] of [
      ["/v2/wallets", "listWalletsV2"],
      ["/v3/wallets", "listWallets"],
    ] as const) {
      app.get(
        url,
        {
          schema: {
            operationId,
            tags: ["wallets"],
            security: bearerSecurity,
            response: { 200: walletsResponse, 401: errorBodySchema },
          },
          preHandler: authenticate(deps),
        },
        async (req, reply) => {
          const c = signedIn(req);
          reply.header("cache-control", "no-store");
          return list(c.merchantId, c.customerId);
        },
      );
    }
    app.get(
      "/v2/wallets/balance-history",
      {
        schema: {
          operationId: "getBalanceHistory",
          tags: ["wallets"],
          description:
            "The customer's total balance at the close of each of the last `days` UTC days, from the ledger, valued at today's rates.",
          security: bearerSecurity,
          querystring: balanceHistoryQuery,
          response: { 200: balanceHistoryResponse, 400: errorBodySchema, 401: errorBodySchema },
        },
        preHandler: authenticate(deps),
      },
      async (req, reply) => {
        const c = signedIn(req);
        reply.header("cache-control", "no-store");
        return wallets.balanceHistory(
          await customerMerchant(deps, c.merchantId),
          c.customerId,
          req.query.days,
        );
      },
    );
    app.post(
      "/v2/wallets",
      {
        schema: {
          operationId: "openWallets",
          tags: ["wallets"],
          description:
            "Opens wallets for offered currencies; an existing wallet of a currency is kept (safe to repeat).",
          security: bearerSecurity,
          body: openWalletsBody,
          response: { 201: walletsResponse, 400: errorBodySchema, 401: errorBodySchema },
        },
        preHandler: authenticate(deps),
      },
      async (req, reply) => {
        const c = signedIn(req);
        const merchant = await customerMerchant(deps, c.merchantId);
        return reply.status(201).send(await wallets.openWallets(merchant, c.customerId, req.body.currencies));
      },
    );
  };
