import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { AppError } from "../../http/app-error.ts";
import { errorResponses, moneyCallErrors } from "../../http/error-body.ts";
import { requestMerchant } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import { renderClaimsConsole } from "./claims.console.ts";
import { claimParams, claimResponse, moveClockBody } from "./claims.schemas.ts";

/** The console's form: what the API takes, as form fields (text). */
const moveClockForm = z.object({ id: z.string().max(64), days: z.coerce.number() }).strict();

const CLAIM_WORDS = {
  HELD: "It is still waiting: its time is not up yet.",
  RETURNED: "Its time was up: the money went back to the sender.",
  CLAIMED: "It was claimed already: nothing moved.",
  CANCELLED: "The sender cancelled it already: nothing moved.",
} as const;

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

    // The console's page and its form (claims.console.ts): the same move, then back to the page.
    const back = (params: Record<string, string>) =>
      `/sandbox/claimable-transfers?${new URLSearchParams(params)}`;
    app.post(
      "/sandbox/claimable-transfers/advance/form",
      { schema: { hide: true, consumes: ["application/x-www-form-urlencoded"], body: moveClockForm } },
      async (req, reply) => {
        const params = claimParams.safeParse({ id: req.body.id.trim() });
        const days = moveClockBody.safeParse({ days: req.body.days });
        if (!params.success) return reply.redirect(back({ error: "That is not a send's id." }), 303);
        if (!days.success) return reply.redirect(back({ error: "Days: a whole number from 1 to 30." }), 303);
        try {
          const merchantId = (await requestMerchant(deps, req)).id;
          const claim = await deps.services.claims.moveClock(merchantId, params.data.id, days.data.days);
          return reply.redirect(back({ done: CLAIM_WORDS[claim.status] }), 303);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          return reply.redirect(back({ error: "No send waiting for someone to join has that id." }), 303);
        }
      },
    );
    app.get(
      "/sandbox/claimable-transfers",
      {
        schema: {
          hide: true,
          querystring: z.object({
            error: z.string().max(300).optional(),
            done: z.string().max(300).optional(),
          }),
        },
      },
      async (req, reply) => {
        reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
        return renderClaimsConsole({ error: req.query.error, done: req.query.done });
      },
    );
  };
