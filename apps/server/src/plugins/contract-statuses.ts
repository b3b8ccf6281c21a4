import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { errorBodySchema } from "../http/error-body.ts";

/** A status a route answered that its contract (schema.response) does not name. */
export type UndocumentedStatus = { method: string; url: string; status: number };

type Responses = Record<string, unknown>;
type RouteSchema = { response?: Responses; hide?: boolean; operationId?: string };

/**
 * What the contract says a route answers: its response schemas; a route with a schema but none
 * is documented as "200 Default Response". Routes without a schema (static files, pages),
 * hidden ones and ones without an operation id (routes tests add) are not in the contract.
 */
function contractResponses(schema: RouteSchema | undefined): Responses | undefined {
  if (!schema || schema.hide) return undefined;
  if (schema.response) return schema.response;
  // Only an operation of the contract (it has an id) is documented as "200 Default Response".
  return schema.operationId ? { 200: true } : undefined;
}

/** Whether `responses` (keys "200", "4xx", "default") names `status`. */
function documents(responses: Responses, status: number): boolean {
  const key = String(status);
  return key in responses || `${key[0]}xx` in responses || "default" in responses;
}

/**
 * Statuses any route may answer before its handler runs, added to every route's contract as it
 * registers (so routes added later need no list): 400 for a bad path, query, header or body
 * (validation, the NUL refusal), 401 where a bearer token is required (it is checked first),
 * 413 and 415 where a body is read, and 503 with Retry-After on every route while the database
 * cannot be reached or written (a failover: docs/operations.md).
 */
function frameworkStatuses(route: RouteOptions): number[] {
  const schema = route.schema as { security?: Record<string, unknown>[] } | undefined;
  const statuses = [400, 503];
  if (schema?.security?.some((s) => "bearer" in s)) statuses.push(401);
  const methods = [route.method].flat().map((m) => m.toUpperCase());
  if (methods.some((m) => m === "POST" || m === "PUT" || m === "PATCH")) statuses.push(413, 415);
  return statuses;
}

/**
 * The contract tells the truth about statuses: every route with a response schema gets the
 * framework's statuses added, and every answer is compared with the route's schema as it is
 * sent. `onUndocumented` hears of a status the contract does not name (the server logs it; the
 * test app fails the test file).
 */
export function registerContractStatuses(
  app: FastifyInstance,
  onUndocumented: (found: UndocumentedStatus, req: FastifyRequest) => void,
) {
  app.addHook("onRoute", (route: RouteOptions) => {
    const responses = route.schema?.response as Responses | undefined;
    if (!responses) return;
    for (const status of frameworkStatuses(route)) {
      if (!documents(responses, status)) responses[String(status)] = errorBodySchema;
    }
  });
  app.addHook("onSend", async (req, reply, payload) => {
    const responses = contractResponses(req.routeOptions.schema as RouteSchema | undefined);
    if (responses && !documents(responses, reply.statusCode)) {
      onUndocumented(
        { method: req.method, url: req.routeOptions.url ?? req.url, status: reply.statusCode },
        req,
      );
    }
    return payload;
  });
}
