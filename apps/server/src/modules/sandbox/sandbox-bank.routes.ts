import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { amountInput, parseAmountField } from "../../http/amount-input.ts";
import { AppError, commonErrors } from "../../http/app-error.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import { normalizeIban } from "../../providers/bank/iban-numbers.ts";
import type { SandboxBank } from "../../providers/bank/sandbox-bank.ts";
import { RETURN_REASONS, renderBankConsole } from "./sandbox-bank.console.ts";

const transferInBody = z
  .object({
    iban: z.string().min(1).max(50),
    senderName: z.string().trim().min(1).max(140),
    senderIban: z.string().min(1).max(50),
    amount: amountInput,
    reference: z.string().max(140).optional(),
  })
  .strict();
const idBody = z.object({ id: z.string().min(8).max(64) }).strict();
const returnBody = idBody.extend({ reason: z.enum(RETURN_REASONS) });

const transferResponse = z
  .object({ id: z.string(), status: z.enum(["PENDING", "EXECUTED", "RETURNED"]) })
  .meta({ id: "SandboxBankTransfer" });

const invalid = (field: string, problem: string) =>
  commonErrors.create("NOT_VALID_REQUEST_DATA", { field, message: `${field}: ${problem}` });

/** Sandbox only: the bank rail's controls (API and console page). */
export const sandboxBankRoutes =
  (bank: SandboxBank): FastifyPluginAsyncZod =>
  async (app) => {
    async function transferIn(body: z.infer<typeof transferInBody>) {
      const iban = normalizeIban(body.iban);
      if (!iban) throw invalid("iban", "is not a valid IBAN");
      const senderIban = normalizeIban(body.senderIban);
      if (!senderIban) throw invalid("senderIban", "is not a valid IBAN");
      const amount = parseAmountField("amount", body.amount, "EUR");
      const row = await bank.receiveTransfer({
        accountIban: iban,
        senderName: body.senderName,
        senderIban,
        amount,
        remittance: body.reference?.trim() || null,
      });
      if (!row) throw invalid("iban", "is not an account of this bank");
      return { id: row.id, status: row.status };
    }

    app.post(
      "/sandbox/bank/transfer-in",
      {
        schema: {
          operationId: "sandboxBankTransferIn",
          tags: ["sandbox"],
          description:
            "A SEPA credit transfer from outside to one of the sandbox bank's IBANs; the bank notifies the server at once and the IBAN is credited.",
          body: transferInBody,
          response: { 200: transferResponse, 400: errorBodySchema },
        },
      },
      async (req) => transferIn(req.body),
    );

    app.post(
      "/sandbox/bank/transfers/return",
      {
        schema: {
          operationId: "sandboxBankReturn",
          tags: ["sandbox"],
          description: "Returns a pending outgoing transfer with a SEPA reason (the customer is refunded).",
          body: returnBody,
          response: { 200: z.object({ returned: z.boolean() }), 400: errorBodySchema },
        },
      },
      async (req) => ({ returned: await bank.requestReturn(req.body.id, req.body.reason) }),
    );

    app.post(
      "/sandbox/bank/transfers/execute",
      {
        schema: {
          operationId: "sandboxBankExecute",
          tags: ["sandbox"],
          description: "Moves a pending transfer's clock on: the bank executes it now.",
          body: idBody,
          response: { 200: z.object({ executed: z.boolean() }), 400: errorBodySchema },
        },
      },
      async (req) => ({ executed: await bank.executeNow(req.body.id) }),
    );

    const back = (params: Record<string, string>) => `/sandbox/bank?${new URLSearchParams(params)}`;
    const form = { hide: true, consumes: ["application/x-www-form-urlencoded"] };

    app.post(
      "/sandbox/bank/transfer-in/form",
      { schema: { ...form, body: transferInBody } },
      async (req, reply) => {
        try {
          await transferIn(req.body);
          return reply.redirect(back({ done: "Transfer sent. It is on its way to the IBAN." }), 303);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          return reply.redirect(back({ error: err.message }), 303);
        }
      },
    );

    app.post(
      "/sandbox/bank/transfers/return/form",
      { schema: { ...form, body: returnBody } },
      async (req, reply) => {
        const ok = await bank.requestReturn(req.body.id, req.body.reason);
        return reply.redirect(
          back(ok ? { done: "The bank returns the transfer." } : { error: "That transfer is not pending." }),
          303,
        );
      },
    );

    app.post(
      "/sandbox/bank/transfers/execute/form",
      { schema: { ...form, body: idBody } },
      async (req, reply) => {
        const ok = await bank.executeNow(req.body.id);
        return reply.redirect(
          back(ok ? { done: "The bank executes the transfer." } : { error: "That transfer is not pending." }),
          303,
        );
      },
    );

    app.get(
      "/sandbox/bank",
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
        return renderBankConsole({
          transfers: await bank.recent(30),
          error: req.query.error,
          done: req.query.done,
        });
      },
    );
  };
