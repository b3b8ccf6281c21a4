import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { adjustmentsAdminRoutes } from "./adjustments.routes.ts";
import { auditRoutes } from "./audit.routes.ts";
import { customersAdminRoutes } from "./customers.routes.ts";
import { kycReviewRoutes } from "./kyc-review.routes.ts";
import { merchantConfigRoutes } from "./merchant-config.routes.ts";
import { operationsAdminRoutes } from "./operations.routes.ts";
import { reportsRoutes } from "./reports.routes.ts";
import { stuckPaymentsRoutes } from "./stuck-payments.routes.ts";

/**
 * The back-office's API under /admin/v1/ (docs/backoffice.md): each route declares its
 * permission and calls the services of the modules that own the data.
 */
export const backofficeRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(auditRoutes(deps));
    await app.register(kycReviewRoutes(deps));
    await app.register(customersAdminRoutes(deps));
    await app.register(operationsAdminRoutes(deps));
    await app.register(stuckPaymentsRoutes(deps));
    await app.register(reportsRoutes(deps));
    await app.register(merchantConfigRoutes(deps));
    await app.register(adjustmentsAdminRoutes(deps));
  };
