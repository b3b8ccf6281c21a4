import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorResponses } from "../../http/error-body.ts";
import { requestMerchant } from "../../http/request-merchant.ts";
import { depositParams, depositResponse, moveClockBody } from "../deposits/index.ts";

/** Sandbox only: a tester moves a deposit's clock on to see interest accrue and the deposit mature. */
export const sandboxDepositsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/sandbox/deposits/:depositId/advance",
      {
        schema: {
          operationId: "sandboxAdvanceDeposit",
          tags: ["sandbox"],
          description:
            "Moves the deposit's clock on by `days` (its opening and expiry move back), then accrues what fell due and pays out at expiry, as the worker would.",
          params: depositParams,
          body: moveClockBody,
          // 409 and 422: the ledger's refusals of an accrual or payout it applies.
          response: {
            200: depositResponse,
            ...errorResponses(400, 404, 409, 422),
          },
        },
      },
      async (req) =>
        deps.services.deposits.moveClock(
          await requestMerchant(deps, req),
          req.params.depositId,
          req.body.days,
        ),
    );
  };
