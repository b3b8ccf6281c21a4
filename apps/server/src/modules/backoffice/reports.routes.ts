import { once } from "node:events";
import { PassThrough } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { adminErrors, operatorSecurity, signedInOperator } from "../operators/index.ts";
import { csvBody, dailyReportResponse, reconciliationResponse, reportRangeQuery } from "./reports.schemas.ts";

const tags = ["backoffice"];
const noStore = { "cache-control": "no-store" };

/** Reports and reconciliation (docs/backoffice.md "Reports and reconciliation"). */
export const reportsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { reports } = deps.services;

    app.get(
      "/admin/v1/reports/daily",
      {
        config: { permission: "reports.read" },
        schema: {
          operationId: "adminDailyReport",
          tags,
          description:
            "Per UTC day and currency: customers' balances at the end of the day, money in and out by kind, fees earned, interest paid. At most 366 days; daily.csv takes longer ranges.",
          security: operatorSecurity,
          querystring: reportRangeQuery,
          response: { 200: dailyReportResponse, ...adminErrors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        reply.headers(noStore);
        return reports.daily(ctx, req.query);
      },
    );

    app.get(
      "/admin/v1/reports/daily.csv",
      {
        config: { permission: "reports.read" },
        schema: {
          operationId: "adminDailyReportCsv",
          tags,
          description: "The daily report as CSV, streamed a month at a time (up to ten years). Audited.",
          security: operatorSecurity,
          querystring: reportRangeQuery,
          response: {
            200: { description: "The report as CSV", content: { "text/csv": { schema: csvBody } } },
            ...adminErrors,
          },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        const { from, to } = req.query;
        const body = new PassThrough();
        // Each chunk waits until the reader took the previous ones; a reader gone ends the export
        // (and its snapshot transaction) instead of leaving it waiting.
        const write = async (chunk: string) => {
          if (body.destroyed) throw new Error("the reader went away");
          if (!body.write(chunk)) await Promise.race([once(body, "drain"), once(body, "close")]);
        };
        // The first chunk decides the answer: a bad range is still a 400 before anything is sent.
        let started = () => {};
        const first = new Promise<void>((resolve) => {
          started = resolve;
        });
        const done = reports.exportCsv(ctx, { from, to }, async (chunk) => {
          started();
          await write(chunk);
        });
        await Promise.race([first, done]);
        done.then(
          () => body.end(),
          (err: unknown) => {
            req.log.error({ err }, "report export failed mid-stream");
            body.destroy(err as Error);
          },
        );
        reply.headers({
          ...noStore,
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="daily-report-${from}-${to}.csv"`,
        });
        // A stream is sent as it is: the serializer does not touch it.
        return reply.send(body as never);
      },
    );

    app.get(
      "/admin/v1/reports/reconciliation",
      {
        config: { permission: "reports.read" },
        schema: {
          operationId: "adminReconciliation",
          tags,
          description:
            "The house accounts that mirror an outside party beside the party's own balance; a row not equal is flagged. Platform admins see every merchant against the providers' books.",
          security: operatorSecurity,
          response: { 200: reconciliationResponse, ...adminErrors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        reply.headers(noStore);
        return reports.reconciliation({ ...ctx, platform: ctx.operator.merchantId === null });
      },
    );
  };
