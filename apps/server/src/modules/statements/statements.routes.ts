import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import { customerMerchant } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import { fileBody, receiptParams, statementQuery } from "./statements.schemas.ts";
import type { StatementFile } from "./statements.service.ts";

/** A file answer: a Buffer is sent as it is (the JSON serializer does not touch it). */
function sendFile(reply: import("fastify").FastifyReply, file: StatementFile) {
  reply.header("cache-control", "no-store");
  reply.header("content-disposition", `attachment; filename="${file.fileName}"`);
  return reply.type(file.contentType).send(file.body as never);
}

/** The signed-in customer's statement of every account, and the receipt of one operation. */
export const statementsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { statements } = deps.services;
    app.get(
      "/v2/statements",
      {
        schema: {
          operationId: "getStatement",
          tags: ["history"],
          summary: "Statement of all accounts",
          description:
            "Every account of the customer (wallets, card balances, IBAN accounts, earn deposits) from `from` to `to` (UTC days, both included, at most 5 years): opening balance, each movement (date, description, amount, fee, running balance), closing balance. Checked against the ledger: a statement that does not add up is refused (422 STATEMENT_DOES_NOT_ADD_UP). format=pdf (default) or csv, the same figures.",
          security: bearerSecurity,
          querystring: statementQuery,
          response: {
            200: {
              description: "The statement: PDF, or CSV with format=csv",
              content: { "application/pdf": { schema: fileBody }, "text/csv": { schema: fileBody } },
            },
            400: errorBodySchema,
            401: errorBodySchema,
            422: errorBodySchema,
          },
        },
        preHandler: authenticate(deps),
      },
      async (req, reply) => {
        const c = signedIn(req);
        const file = await statements.statement({
          merchant: await customerMerchant(deps, c.merchantId),
          customerId: c.customerId,
          ...req.query,
        });
        return sendFile(reply, file);
      },
    );

    app.get(
      "/v2/history/operations/:operationId/receipt",
      {
        schema: {
          operationId: "getOperationReceipt",
          tags: ["history"],
          summary: "Receipt of one operation",
          description:
            "A PDF of one of the customer's operations: amount, fee, rate, counterparty (masked), status, times, reference. Another customer's operation: 404.",
          security: bearerSecurity,
          params: receiptParams,
          response: {
            200: { description: "The receipt", content: { "application/pdf": { schema: fileBody } } },
            400: errorBodySchema,
            401: errorBodySchema,
            404: errorBodySchema,
          },
        },
        preHandler: authenticate(deps),
      },
      async (req, reply) => {
        const c = signedIn(req);
        const file = await statements.receipt({
          merchant: await customerMerchant(deps, c.merchantId),
          customerId: c.customerId,
          operationId: req.params.operationId,
        });
        return sendFile(reply, file);
      },
    );
  };
