import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import { historyQuery, historyResponse } from "./history.schemas.ts";

/** The signed-in customer's operations, newest first. */
export const historyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/v2/history/operations",
      {
        schema: {
          operationId: "listHistoryOperations",
          tags: ["history"],
          description:
            "Every operation of the customer (receipts, sends by phone both ways, sends to wallets), newest first. Pages are offset/size within a snapshot: the first answer's snapshotAt, passed back, keeps later pages where they were while new operations arrive.",
          security: bearerSecurity,
          querystring: historyQuery,
          response: { 200: historyResponse, 400: errorBodySchema, 401: errorBodySchema },
        },
        preHandler: authenticate(deps),
      },
      async (req, reply) => {
        const c = signedIn(req);
        const { typeFilter, currencyFilter, offset, size, snapshotAt } = req.query;
        const types = typeFilter?.includes("UNKNOWN") || !typeFilter?.length ? null : typeFilter;
        reply.header("cache-control", "no-store");
        return deps.services.history.listOperations({
          merchantId: c.merchantId,
          customerId: c.customerId,
          types,
          currencies: currencyFilter?.length ? currencyFilter : null,
          snapshotAt: snapshotAt ?? null,
          offset,
          size,
        });
      },
    );
  };
