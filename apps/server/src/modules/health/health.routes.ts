import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { isDatabaseReachable } from "../../db/database.ts";
import { commonErrors } from "../../http/app-error.ts";
import { errorBodySchema } from "../../http/error-body.ts";

const statusSchema = z.object({ status: z.literal("ok") });

/** /healthz: the process answers. /readyz: it can serve traffic (the database answers). */
export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/healthz",
      {
        schema: { operationId: "healthz", tags: ["health"], response: { 200: statusSchema } },
        logLevel: "warn",
      },
      async () => ({ status: "ok" as const }),
    );
    app.get(
      "/readyz",
      {
        schema: {
          operationId: "readyz",
          tags: ["health"],
          response: { 200: statusSchema, 503: errorBodySchema },
        },
        logLevel: "warn",
      },
      async () => {
        if (!(await isDatabaseReachable(deps.database.pool)))
          throw commonErrors.create("SERVICE_UNAVAILABLE");
        return { status: "ok" as const };
      },
    );
  };
