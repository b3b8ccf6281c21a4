import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { PLATFORM_SCOPE } from "../../db/schema/index.ts";
import { adminErrors, operatorSecurity, signedInOperator } from "../operators/index.ts";
import { auditQuery, auditResponse } from "./audit.schemas.ts";

const tags = ["backoffice"];

/** GET /admin/v1/audit: the audit trail of the merchant acted on, as JSON pages or CSV. */
export const auditRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { audit } = deps.services;
    app.get(
      "/admin/v1/audit",
      {
        config: { permission: "audit.read" },
        schema: {
          operationId: "adminAudit",
          tags,
          description:
            "Operator actions and refusals, newest first. A platform admin also sees what concerns no merchant (sign-ins). format=csv: the page as CSV.",
          security: operatorSecurity,
          querystring: auditQuery,
          response: {
            200: auditResponse.describe("JSON; with format=csv, text/csv instead"),
            ...adminErrors,
          },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        const q = req.query;
        const rows = await audit.search({
          merchantIds: ctx.operator.merchantId ? [ctx.merchantId] : [ctx.merchantId, PLATFORM_SCOPE],
          action: q.action,
          operator: q.operator,
          targetId: q.targetId,
          outcome: q.outcome,
          from: q.from ? new Date(q.from) : undefined,
          to: q.to ? new Date(q.to) : undefined,
          before: q.before,
          limit: q.limit,
        });
        reply.header("cache-control", "no-store");
        if (q.format === "csv") {
          await audit.record(ctx.actor, {
            merchantId: ctx.merchantId,
            action: "audit.export",
            changes: { rows: rows.length, filter: { ...q } },
          });
          reply.header("content-disposition", 'attachment; filename="audit.csv"');
          // A Buffer is sent as it is: the JSON serializer does not touch it.
          return reply.type("text/csv; charset=utf-8").send(Buffer.from(audit.toCsv(rows)) as never);
        }
        return {
          entries: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
          nextBefore: rows.length === q.limit ? (rows.at(-1)?.id ?? null) : null,
        };
      },
    );
  };
