import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorResponses } from "../../http/error-body.ts";
import type { AdjustmentActor } from "../adjustments/index.ts";
import { adminErrors, operatorSecurity, signedInOperator } from "../operators/index.ts";
import {
  adjustment,
  adjustmentParams,
  adjustmentsQuery,
  adjustmentsResponse,
  proposeBody,
  rejectBody,
} from "./adjustments.schemas.ts";

const tags = ["backoffice"];
const noStore = { "cache-control": "no-store" };
const errors = { ...adminErrors, ...errorResponses(409, 422) };

/** Who acts, from the guard's context: the row, the audit and the live-session check need it. */
function actorOf(req: Parameters<typeof signedInOperator>[0]): AdjustmentActor {
  const ctx = signedInOperator(req);
  return {
    merchantId: ctx.merchantId,
    actor: { ...ctx.actor, operatorId: ctx.operator.id, operatorEmail: ctx.operator.email },
    sessionTokenHash: ctx.session.tokenHash,
  };
}

/** Wallet adjustments with four eyes (docs/backoffice.md "Adjustments"). */
export const adjustmentsAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { adjustments } = deps.services;

    app.get(
      "/admin/v1/adjustments",
      {
        config: { permission: "adjustments.read" },
        schema: {
          operationId: "adminAdjustments",
          tags,
          description: "Waiting proposals first (oldest first), then decided ones (newest first).",
          security: operatorSecurity,
          querystring: adjustmentsQuery,
          response: { 200: adjustmentsResponse, ...errors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        reply.headers(noStore);
        const { status, customerId } = req.query;
        return {
          adjustments: await adjustments.list({
            merchantId: ctx.merchantId,
            ...(status ? { status } : {}),
            ...(customerId ? { customerId } : {}),
          }),
        };
      },
    );

    app.post(
      "/admin/v1/adjustments",
      {
        config: { permission: "adjustments.propose" },
        schema: {
          operationId: "adminAdjustmentPropose",
          tags,
          description:
            "Proposes a credit or debit of a customer's wallet against a house account; another operator approves or rejects it within 72 hours. Audited.",
          security: operatorSecurity,
          body: proposeBody,
          response: { 200: adjustment, ...errors },
        },
      },
      async (req) => adjustments.propose(actorOf(req), req.body),
    );

    app.get(
      "/admin/v1/adjustments/:adjustmentId",
      {
        config: { permission: "adjustments.read" },
        schema: {
          operationId: "adminAdjustment",
          tags,
          security: operatorSecurity,
          params: adjustmentParams,
          response: { 200: adjustment, ...errors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        reply.headers(noStore);
        return adjustments.get(ctx.merchantId, req.params.adjustmentId);
      },
    );

    app.post(
      "/admin/v1/adjustments/:adjustmentId/approve",
      {
        config: { permission: "adjustments.approve" },
        schema: {
          operationId: "adminAdjustmentApprove",
          tags,
          description:
            "Posts the adjustment once (one ledger operation keyed by the proposal) and writes the customer's history row. Never by the proposer (403 ADJUSTMENT_OWN_PROPOSAL); decided or expired: 409; a debit beyond the balance: 422 INSUFFICIENT_FUNDS. Audited.",
          security: operatorSecurity,
          params: adjustmentParams,
          response: { 200: adjustment, ...errors },
        },
      },
      async (req) => adjustments.approve(actorOf(req), req.params.adjustmentId),
    );

    app.post(
      "/admin/v1/adjustments/:adjustmentId/reject",
      {
        config: { permission: "adjustments.approve" },
        schema: {
          operationId: "adminAdjustmentReject",
          tags,
          description: "Closes the proposal; nothing moves. Never by the proposer. Audited with the reason.",
          security: operatorSecurity,
          params: adjustmentParams,
          body: rejectBody,
          response: { 200: adjustment, ...errors },
        },
      },
      async (req) => adjustments.reject(actorOf(req), req.params.adjustmentId, req.body.reason),
    );
  };
