import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { adminErrors, operatorSecurity, signedInOperator } from "../operators/index.ts";
import {
  stuckActionBody,
  stuckActionResponse,
  stuckPaymentParams,
  stuckPaymentsQuery,
  stuckPaymentsResponse,
} from "./stuck-payments.schemas.ts";

const tags = ["backoffice"];

/** Stuck payments: the list, ask the provider again, fail with a reason (docs/backoffice.md). */
export const stuckPaymentsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { stuckPayments } = deps.services;

    app.get(
      "/admin/v1/stuck-payments",
      {
        config: { permission: "operations.read" },
        schema: {
          operationId: "adminStuckPayments",
          tags,
          description:
            "Crypto withdrawals, card payouts and pay-ins, SEPA transfers and card orders pending past their expected time, oldest first.",
          security: operatorSecurity,
          querystring: stuckPaymentsQuery,
          response: { 200: stuckPaymentsResponse, ...adminErrors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        reply.headers({ "cache-control": "no-store" });
        return {
          payments: await stuckPayments.list(ctx.merchantId, req.query.kind ? [req.query.kind] : undefined),
        };
      },
    );

    for (const action of ["ask-again", "fail"] as const) {
      app.post(
        `/admin/v1/stuck-payments/:kind/:id/${action}`,
        {
          config: { permission: "payments.resolve" },
          schema: {
            operationId: action === "fail" ? "adminStuckPaymentFail" : "adminStuckPaymentAskAgain",
            tags,
            description:
              action === "fail"
                ? "Runs the domain's own failure: the money held is given back, once. Audited with the reason."
                : "Asks the provider for the payment's state and applies its answer as its callback would. Audited with the reason.",
            security: operatorSecurity,
            params: stuckPaymentParams,
            body: stuckActionBody,
            response: { 200: stuckActionResponse, ...adminErrors },
          },
        },
        async (req) => {
          const ctx = signedInOperator(req);
          const { kind, id } = req.params;
          return action === "fail"
            ? stuckPayments.fail(ctx, kind, id, req.body.reason)
            : stuckPayments.askAgain(ctx, kind, id, req.body.reason);
        },
      );
    }
  };
