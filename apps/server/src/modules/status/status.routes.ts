import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import { requestMerchant } from "../../http/request-merchant.ts";
import { statusResponse } from "./status.schemas.ts";

/** Public: which of the merchant's features are paused or slowed, and since when (docs/status.md). */
export const statusRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/v2/status",
      {
        schema: {
          operationId: "getStatus",
          tags: ["status"],
          description:
            "The merchant's features and their state: OPERATIONAL, MAINTENANCE (paused by the merchant), UNAVAILABLE (the provider it needs is not connected in this deployment) or DEGRADED (a provider it needs is failing), with since when. Public; answers may be 5 seconds old.",
          response: { 200: statusResponse, 400: errorBodySchema },
        },
      },
      async (req, reply) => {
        const merchant = await requestMerchant(deps, req);
        const components = await deps.services.status.components(merchant.id);
        reply.header("cache-control", "public, max-age=5").header("vary", "X-Merchant-ID, Host");
        return {
          components: components.map((c) => ({ ...c, since: c.since?.toISOString() ?? null })),
        };
      },
    );
  };
