import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorBodySchema, moneyCallErrors } from "../../http/error-body.ts";
import { readIdempotency, sendStoredResponse } from "../../http/idempotency.ts";
import { customerMerchant, requestMerchant } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import {
  baseTemplatesResponse,
  depositParams,
  depositResponse,
  historyResponse,
  idempotencyHeaders,
  listQuery,
  listResponse,
  openBody,
  templatesResponse,
} from "./deposits.schemas.ts";

const tags = ["deposits"];

/** Earn (spec §7 Deposits, deposit history): public templates, then the customer's deposits. */
export const depositsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { deposits } = deps.services;
    const session = { preHandler: authenticate(deps) };
    const owner = async (req: Parameters<typeof signedIn>[0]) => {
      const c = signedIn(req);
      return { merchant: await customerMerchant(deps, c.merchantId), customerId: c.customerId };
    };

    app.get(
      "/v1/deposits/base-templates",
      {
        schema: {
          operationId: "getDepositBaseTemplates",
          tags,
          description:
            "The merchant's deposit products (FLEX, FIX): currencies, terms and best rate. Public.",
          response: { 200: baseTemplatesResponse, 400: errorBodySchema },
        },
      },
      async (req) => deposits.baseTemplates(await requestMerchant(deps, req)),
    );

    app.get(
      "/v1/deposits/templates",
      {
        schema: {
          operationId: "getDepositTemplates",
          tags,
          description:
            "Per currency, the offered durations (spec §4: FIX and FLEX, months and rate above 0, months ascending). Public.",
          response: { 200: templatesResponse, 400: errorBodySchema },
        },
      },
      async (req) => deposits.templates(await requestMerchant(deps, req)),
    );

    app.post(
      "/v1/deposits/",
      {
        schema: {
          operationId: "openDeposit",
          tags,
          description:
            "Opens a deposit: the amount moves from the customer's wallet of the currency into the deposit, once per Idempotency-Key. Guarded by the operations catalog (DEPOSITS) and the KYC limits.",
          security: bearerSecurity,
          headers: idempotencyHeaders,
          body: openBody,
          response: { 200: depositResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        const { customerId } = signedIn(req);
        const { idempotencyKey, requestHash } = readIdempotency(req, `customer:${customerId}`);
        const outcome = await deposits.openDeposit({
          merchant: (await owner(req)).merchant,
          customer: signedIn(req),
          ...req.body,
          idempotencyKey,
          requestHash,
        });
        return sendStoredResponse(reply, outcome);
      },
    );

    app.get(
      "/v1/deposits/",
      {
        schema: {
          operationId: "listDeposits",
          tags,
          description:
            "The customer's open deposits (closed=true: closed and matured), newest first, with totals in the merchant's fiat.",
          security: bearerSecurity,
          querystring: listQuery,
          response: { 200: listResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        reply.header("cache-control", "no-store");
        return deposits.listDeposits(await owner(req), req.query);
      },
    );

    app.get(
      "/v1/deposits/:depositId",
      {
        schema: {
          operationId: "getDeposit",
          tags,
          security: bearerSecurity,
          params: depositParams,
          response: { 200: depositResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        reply.header("cache-control", "no-store");
        return deposits.getDeposit(await owner(req), req.params.depositId);
      },
    );

    app.post(
      "/v1/deposits/:depositId/close",
      {
        schema: {
          operationId: "closeDeposit",
          tags,
          description:
            "Closes a deposit to the wallet: FLEX with the profit to date, FIX before expiry without profit, at or after expiry with all of it (spec §4). Once per Idempotency-Key.",
          security: bearerSecurity,
          headers: idempotencyHeaders,
          params: depositParams,
          response: { 200: depositResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        const customer = signedIn(req);
        const { idempotencyKey, requestHash } = readIdempotency(req, `customer:${customer.customerId}`);
        const outcome = await deposits.closeDeposit({
          merchant: (await owner(req)).merchant,
          customer,
          depositId: req.params.depositId,
          idempotencyKey,
          requestHash,
        });
        return sendStoredResponse(reply, outcome);
      },
    );

    app.get(
      "/v2/history/deposit/:depositId",
      {
        schema: {
          operationId: "getDepositHistory",
          tags: ["history"],
          description:
            "A deposit's own history: opening, interest accruals, close or maturity; newest first.",
          security: bearerSecurity,
          params: depositParams,
          response: { 200: historyResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        reply.header("cache-control", "no-store");
        return deposits.depositHistory(await owner(req), req.params.depositId);
      },
    );
  };
