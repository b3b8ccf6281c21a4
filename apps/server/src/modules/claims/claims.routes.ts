import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorResponses, moneyCallErrors } from "../../http/error-body.ts";
import { requestMerchant } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import { claimParams, claimResponse, moveClockBody } from "./claims.schemas.ts";

/** The sender's cancel of money waiting for someone to join (docs/send.md). */
export const claimsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/v2/claimable-transfers/:id/cancel",
      {
        schema: {
          operationId: "cancelClaimableTransfer",
          tags: ["send"],
          description:
            "Cancels a send to a phone not yet a customer's while it waits (HELD): the money comes back to the sender's wallet. Again: the same answer. Claimed: 409 CLAIM_ALREADY_CLAIMED; returned: 409 CLAIM_ALREADY_RETURNED; another customer's: 404. The claim's id makes it idempotent (no Idempotency-Key).",
          security: bearerSecurity,
          params: claimParams,
          response: { 200: claimResponse, ...moneyCallErrors },
        },
        preHandler: authenticate(deps),
      },
      async (req) => deps.services.claims.cancel({ session: signedIn(req), id: req.params.id }),
    );
  };

/** Sandbox only: a tester moves a claim's clock on to see an unclaimed send come back. */
export const claimsSandboxRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/sandbox/claimable-transfers/:id/advance",
      {
        schema: {
          operationId: "sandboxAdvanceClaim",
          tags: ["sandbox"],
          description:
            "Moves a claimable transfer's clock on by `days` (its expiry moves back), then returns it to the sender if it is due and still held, as the worker would.",
          params: claimParams,
          body: moveClockBody,
          response: { 200: claimResponse, ...errorResponses(400, 404, 409, 422) },
        },
      },
      async (req) =>
        deps.services.claims.moveClock((await requestMerchant(deps, req)).id, req.params.id, req.body.days),
    );
  };
