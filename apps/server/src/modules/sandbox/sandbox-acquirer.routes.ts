import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CHALLENGE_PATH, type SandboxAcquirer } from "../../providers/acquirer/sandbox-acquirer.ts";
import { renderAcquirerConsole, renderChallenge } from "./sandbox-acquirer.console.ts";

const params = z.object({ paymentId: z.string().min(1).max(100) });
const answerBody = z.object({ code: z.string().max(20).optional(), cancel: z.string().max(5).optional() });
const outageBody = z.object({ failing: z.enum(["on", "off"]) });

/** Sandbox only: the acquirer's 3-D Secure challenge page and its console page. */
export const sandboxAcquirerRoutes =
  (acquirer: SandboxAcquirer): FastifyPluginAsyncZod =>
  async (app) => {
    const html = (reply: { header: (k: string, v: string) => { type: (t: string) => unknown } }) =>
      reply.header("cache-control", "no-store").type("text/html; charset=utf-8");

    /**
     * The page's form ends in a redirect back to the shop, which is the customer's merchant host
     * and so may be another origin than this page's: CSP's form-action governs that redirect too,
     * so the page lets its form lead there as well.
     */
    function allowReturn(reply: FastifyReply, returnUrl: string | null) {
      if (!returnUrl) return;
      const csp = String(reply.getHeader("content-security-policy") ?? "");
      const back = new URL(returnUrl).origin;
      reply.header(
        "content-security-policy",
        csp.replace("form-action 'self'", `form-action 'self' ${back}`),
      );
    }

    async function page(paymentId: string, error?: string) {
      const payment = await acquirer.findChallenge(paymentId);
      if (!payment) return undefined;
      const body = renderChallenge(payment, (await acquirer.lastDigits(payment.token)) ?? "····", error);
      return { body, returnUrl: payment.returnUrl };
    }

    app.get(`${CHALLENGE_PATH}/:paymentId`, { schema: { hide: true, params } }, async (req, reply) => {
      const shown = await page(req.params.paymentId);
      if (!shown) return reply.code(404).type("text/plain").send("Not found");
      allowReturn(reply, shown.returnUrl);
      html(reply);
      return shown.body;
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
            allowReturn(reply, payment.returnUrl);
            html(reply);
            return (await page(paymentId, "That code is not right. Please check it and try again."))?.body;
          }
        }
        // Back to the shop, which asks its server how the payment ended.
        return reply.redirect(payment.returnUrl ?? "/", 303);
      },
    );

    app.get("/sandbox/acquirer", { schema: { hide: true } }, async (_req, reply) => {
      html(reply);
      return renderAcquirerConsole(await acquirer.recentPayments(30), await acquirer.outageSince());
    });

    app.post(
      "/sandbox/acquirer/outage",
      { schema: { hide: true, consumes: ["application/x-www-form-urlencoded"], body: outageBody } },
      async (req, reply) => {
        await acquirer.setOutage(req.body.failing === "on");
        return reply.redirect("/sandbox/acquirer", 303);
      },
    );
  };
