import { isCurrencyCode, parseAmount } from "@kestrel/money";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { commonErrors } from "../../http/app-error.ts";
import { adminErrors, operatorSecurity, signedInOperator } from "../operators/index.ts";
import { backofficeErrors } from "./backoffice.errors.ts";
import {
  dashboardResponse,
  operationPageResponse,
  operationParams,
  operationsQuery,
  operationsResponse,
} from "./operations.schemas.ts";

const tags = ["backoffice"];
const noStore = { "cache-control": "no-store" };

/** A decimal bound of the amount range, in minor units of `currency`; 400 naming the field. */
function bound(value: string | undefined, currency: string | undefined, field: string): bigint | undefined {
  if (value === undefined) return undefined;
  if (!currency) throw backofficeErrors.create("AMOUNT_NEEDS_CURRENCY", { field: "currency" });
  if (!isCurrencyCode(currency))
    throw commonErrors.create("NOT_VALID_REQUEST_DATA", { field: "currency", message: "currency: unknown" });
  const parsed = parseAmount(value, currency, { maxIntegerDigits: 30 });
  if (!parsed.ok)
    throw commonErrors.create("NOT_VALID_REQUEST_DATA", { field, message: `${field}: ${parsed.reason}` });
  return parsed.minor;
}

/** Operations across the merchant, an operation's page, and the first page (docs/backoffice.md). */
export const operationsAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { backoffice } = deps.services;

    app.get(
      "/admin/v1/operations",
      {
        config: { permission: "operations.read" },
        schema: {
          operationId: "adminOperations",
          tags,
          description:
            "By kind, status, currency, amount range (decimal, with currency), dates and customer; newest first.",
          security: operatorSecurity,
          querystring: operationsQuery,
          response: { 200: operationsResponse, ...adminErrors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        const q = req.query;
        reply.headers(noStore);
        return {
          operations: await backoffice.searchOperations({
            merchantId: ctx.merchantId,
            types: q.kind,
            statuses: q.status,
            currency: q.currency,
            minAmount: bound(q.minAmount, q.currency, "minAmount"),
            maxAmount: bound(q.maxAmount, q.currency, "maxAmount"),
            from: q.from ? new Date(q.from) : undefined,
            to: q.to ? new Date(q.to) : undefined,
            customerId: q.customerId,
            limit: q.limit,
          }),
        };
      },
    );

    app.get(
      "/admin/v1/operations/:operationId",
      {
        config: { permission: "operations.read" },
        schema: {
          operationId: "adminOperation",
          tags,
          description:
            "Every party's entry with its provider details, the ledger legs, and the status over time.",
          security: operatorSecurity,
          params: operationParams,
          response: { 200: operationPageResponse, ...adminErrors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        reply.headers(noStore);
        return backoffice.operationPage(ctx.merchantId, req.params.operationId);
      },
    );

    app.get(
      "/admin/v1/dashboard",
      {
        config: { permission: "dashboard.read" },
        schema: {
          operationId: "adminDashboard",
          tags,
          description:
            "Waiting KYC cases, payments pending past their expected time, today's completed volumes per currency.",
          security: operatorSecurity,
          response: { 200: dashboardResponse, ...adminErrors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        reply.headers(noStore);
        return backoffice.dashboard(ctx.merchantId);
      },
    );
  };
