import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { clientIp } from "../../http/client-ip.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import { requestMerchant } from "../../http/request-merchant.ts";
import { locationHeaders, locationQuery, locationResponse } from "./location.schemas.ts";

/** GET /location: the client's country by IP and whether the merchant serves it. */
export const locationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/location",
      {
        schema: {
          operationId: "getLocation",
          tags: ["merchant configuration"],
          querystring: locationQuery,
          headers: locationHeaders,
          response: { 200: locationResponse, 400: errorBodySchema },
        },
      },
      async (req, reply) => {
        const merchant = await requestMerchant(deps, req);
        const ip = clientIp(deps.config, req);
        const { country, blocked } = await deps.services.location.locateClient({ merchant, ip });
        // The answer depends on the caller's address: no shared cache may keep it.
        reply.header("cache-control", "private, no-store");
        return { success: true as const, data: { country, blocked } };
      },
    );
  };
