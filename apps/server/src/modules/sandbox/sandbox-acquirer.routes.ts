import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CHALLENGE_PATH, type SandboxAcquirer } from "../../providers/acquirer/sandbox-acquirer.ts";
import { renderAcquirerConsole, renderChallenge } from "./sandbox-acquirer.console.ts";

const params = z.object({ paymentId: z.string().min(1).max(100) });
const answerBody = z.object({ code: z.string().max(20).optional(), cancel: z.string().max(5).optional() });

/** Sandbox only: the acquirer's 3-D Secure challenge page and its console page. */
export const sandboxAcquirerRoutes =
  (acquirer: SandboxAcquirer): FastifyPluginAsyncZod =>
  async (app) => {
    const html = (reply: { header: (k: string, v: string) => { type: (t: string) => unknown } }) =>
      reply.header("cache-control", "no-store").type("text/html; charset=utf-8");

    async function page(paymentId: string, error?: string) {
      const payment = await acquirer.findChallenge(paymentId);
      if (!payment) return undefined;
      return renderChallenge(payment, (await acquirer.lastDigits(payment.token)) ?? "····", error);
    }

    app.get(`${CHALLENGE_PATH}/:paymentId`, { schema: { hide: true, params } }, async (req, reply) => {
      const body = await page(req.params.paymentId);
      if (!body) return reply.code(404).type("text/plain").send("Not found");
      html(reply);
      return body;
    });

    app.post(
      `${CHALLENGE_PATH}/:paymentId`,
      { schema: { hide: true, params, consumes: ["application/x-www-form-urlencoded"], body: answerBody } },
      async (req, reply) => {
        const { paymentId } = req.params;
        const payment = await acquirer.findChallenge(paymentId);
        if (!payment) return reply.code(404).type("text/plain").send("Not found");
        if (req.body.cancel) {
          await acquirer.cancelChallenge(paymentId);
        } else {
          const outcome = await acquirer.answerChallenge(paymentId, (req.body.code ?? "").trim());
          if (outcome === "RETRY") {
            html(reply);
            return page(paymentId, "That code is not right. Please check it and try again.");
          }
        }
        // Back to the shop, which asks its server how the payment ended.
        return reply.redirect(payment.returnUrl ?? "/", 303);
      },
    );

    app.get("/sandbox/acquirer", { schema: { hide: true } }, async (_req, reply) => {
      html(reply);
      return renderAcquirerConsole(await acquirer.recentPayments(30));
    });
  };
