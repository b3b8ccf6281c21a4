import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { AppError, commonErrors } from "../../http/app-error.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import type { DeliverIssuerCallback } from "../../providers/issuer/issuer-provider.ts";
import { renderIssuerConsole } from "./sandbox-issuer.console.ts";

const advanceBody = z.object({ cardRequestId: z.uuid() }).strict();
const advanceResponse = z
  .object({ cardRequestId: z.uuid(), state: z.string() })
  .meta({ id: "SandboxIssuerStep" });

/**
 * Sandbox only: the card issuer's console page and its clock control. Advancing runs the step
 * here and hands the signed callback to the server's handler in process (the worker posts it
 * over HTTP); the signature is checked the same way.
 */
export const sandboxIssuerRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const issuer = deps.services.sandboxIssuer;
    if (!issuer) return;
    const deliver: DeliverIssuerCallback = async (rawBody, signature) => {
      try {
        await deps.services.cards.receiveIssuerEvent(rawBody, signature);
        return { status: 200 };
      } catch (err) {
        if (err instanceof AppError) return { status: err.status };
        throw err;
      }
    };
    const advance = async (cardRequestId: string) => {
      const state = await issuer.step(cardRequestId, deliver, true);
      if (!state) {
        throw commonErrors.create("NOT_FOUND", {
          field: "cardRequestId",
          message: "No such card order at the issuer.",
        });
      }
      return { cardRequestId, state };
    };

    app.post(
      "/sandbox/issuer/advance",
      {
        schema: {
          operationId: "sandboxAdvanceIssuer",
          tags: ["sandbox"],
          description:
            "Moves a card order's issuer clock to its next step now (issue; then ORDERED, IN_DELIVERY).",
          body: advanceBody,
          response: { 200: advanceResponse, 400: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (req) => advance(req.body.cardRequestId),
    );

    app.post(
      "/sandbox/issuer/advance/form",
      { schema: { hide: true, consumes: ["application/x-www-form-urlencoded"], body: advanceBody } },
      async (req, reply) => {
        const { state } = await advance(req.body.cardRequestId);
        const message = `Order ${req.body.cardRequestId} is now ${state}.`;
        return reply.redirect(`/sandbox/issuer?${new URLSearchParams({ message })}`, 303);
      },
    );

    app.get(
      "/sandbox/issuer",
      { schema: { hide: true, querystring: z.object({ message: z.string().max(200).optional() }) } },
      async (req, reply) => {
        reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
        return renderIssuerConsole({ orders: await issuer.recentOrders(), message: req.query.message });
      },
    );
  };
