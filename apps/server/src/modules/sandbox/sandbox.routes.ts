import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import { renderConsole } from "./sandbox.console.ts";

const smsSchema = z.object({
  id: z.uuid(),
  merchantId: z.uuid(),
  phone: z.string(),
  body: z.string(),
  sentAt: z.string(),
});
const emailSchema = z.object({
  id: z.uuid(),
  merchantId: z.uuid(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  sentAt: z.string(),
});
const phoneQuery = z.object({ phone: z.string().regex(/^\d{6,15}$/, "must be the phone's digits") });
const emailQuery = z.object({ to: z.email("must be an email address") });

/** Sandbox controls: registered only in sandbox mode, never in production. */
export const sandboxRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { sandbox } = deps.services;
    app.get(
      "/sandbox/status",
      {
        schema: {
          operationId: "sandboxStatus",
          tags: ["sandbox"],
          description: "Answers 200 only in sandbox mode (404 otherwise): test-only screens check it.",
          response: { 200: z.object({ sandbox: z.literal(true) }) },
        },
      },
      async () => ({ sandbox: true as const }),
    );
    app.get(
      "/sandbox/sms",
      {
        schema: {
          operationId: "sandboxSms",
          tags: ["sandbox"],
          description: "Text messages sent to a phone, newest first.",
          querystring: phoneQuery,
          response: { 200: z.object({ data: z.array(smsSchema) }), 400: errorBodySchema },
        },
      },
      async (req, reply) => {
        reply.header("cache-control", "no-store");
        return { data: await sandbox.smsTo(req.query.phone) };
      },
    );
    app.get(
      "/sandbox/email",
      {
        schema: {
          operationId: "sandboxEmail",
          tags: ["sandbox"],
          description: "Emails sent to an address, newest first.",
          querystring: emailQuery,
          response: { 200: z.object({ data: z.array(emailSchema) }), 400: errorBodySchema },
        },
      },
      async (req, reply) => {
        reply.header("cache-control", "no-store");
        return { data: await sandbox.emailsTo(req.query.to) };
      },
    );
    app.get(
      "/sandbox",
      {
        schema: {
          hide: true,
          querystring: z.object({ phone: z.string().max(20).optional(), to: z.string().max(254).optional() }),
        },
      },
      async (req, reply) => {
        const phone = req.query.phone?.replace(/\D/g, "") || undefined;
        const to = req.query.to?.trim() || undefined;
        const sms = phone ? await sandbox.smsTo(phone) : [];
        const emails = to && z.email().safeParse(to).success ? await sandbox.emailsTo(to) : [];
        reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
        return renderConsole({ phone, to, sms, emails });
      },
    );
  };
