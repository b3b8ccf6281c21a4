import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { adminErrors, operatorSecurity, signedInOperator } from "../operators/index.ts";
import {
  blockBody,
  blockResponse,
  customerPageResponse,
  customerParams,
  customerSearchQuery,
  customerSearchResponse,
} from "./customers.schemas.ts";

const tags = ["backoffice"];
const noStore = { "cache-control": "no-store" };

/** Customers: search, a customer's page, block and unblock (docs/backoffice.md). */
export const customersAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { backoffice } = deps.services;

    app.get(
      "/admin/v1/customers",
      {
        config: { permission: "customers.read" },
        schema: {
          operationId: "adminCustomerSearch",
          tags,
          security: operatorSecurity,
          querystring: customerSearchQuery,
          response: { 200: customerSearchResponse, ...adminErrors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        reply.headers(noStore);
        return { customers: await backoffice.searchCustomers(ctx.merchantId, req.query.query) };
      },
    );

    app.get(
      "/admin/v1/customers/:customerId",
      {
        config: { permission: "customers.read" },
        schema: {
          operationId: "adminCustomer",
          tags,
          description:
            "Profile, KYC, wallets, cards (masked), IBANs, deposits, recent operations, sessions, devices. Audited.",
          security: operatorSecurity,
          params: customerParams,
          response: { 200: customerPageResponse, ...adminErrors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        reply.headers(noStore);
        return backoffice.customerPage(ctx, req.params.customerId);
      },
    );

    for (const action of ["block", "unblock"] as const) {
      app.post(
        `/admin/v1/customers/:customerId/${action}`,
        {
          config: { permission: "customers.block" },
          schema: {
            operationId: action === "block" ? "adminCustomerBlock" : "adminCustomerUnblock",
            tags,
            description:
              action === "block"
                ? "Signs the customer out everywhere and refuses sign-in and money out; money in is still credited."
                : "Lets the customer sign in and move money again.",
            security: operatorSecurity,
            params: customerParams,
            body: blockBody,
            response: { 200: blockResponse, ...adminErrors },
          },
        },
        async (req) => {
          const ctx = signedInOperator(req);
          await backoffice[action](ctx, req.params.customerId, req.body.reason);
          return { customerId: req.params.customerId, blocked: action === "block" };
        },
      );
    }
  };
