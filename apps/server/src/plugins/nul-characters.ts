import type { FastifyInstance, FastifyRequest } from "fastify";
import { commonErrors } from "../http/app-error.ts";

/** No request of this API nests this deep; refusing deeper keeps the walk off the stack's limit. */
const MAX_DEPTH = 32;

type Fault = { field: string; reason: string };

/**
 * Refuses U+0000 anywhere in a request's text (body, query, path parameters, headers) with 400
 * naming the field. PostgreSQL cannot store it in text and answers with an error that would
 * otherwise surface as a 500; no field of this API has a use for it. Runs before validation, on
 * every route, so no schema has to remember it.
 */
export function refuseNulCharacters(app: FastifyInstance) {
  app.addHook("preValidation", async (req: FastifyRequest) => {
    const fault =
      find(req.params, "", 0) ?? find(req.query, "", 0) ?? find(req.headers, "", 0) ?? find(req.body, "", 0);
    if (!fault) return;
    const field = fault.field || "body";
    throw commonErrors.create("NOT_VALID_REQUEST_DATA", { field, message: `${field}: ${fault.reason}` });
  });
}

/** The first string holding U+0000, by its dotted path ("items.1.label"). */
function find(value: unknown, path: string, depth: number): Fault | undefined {
  if (typeof value === "string") {
    return value.includes("\u0000")
      ? { field: path, reason: "must not contain the NUL character" }
      : undefined;
  }
  if (value === null || typeof value !== "object" || Buffer.isBuffer(value)) return undefined;
  if (depth > MAX_DEPTH) return { field: path, reason: `must not nest more than ${MAX_DEPTH} levels` };
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    const fault = find(key, childPath, depth) ?? find(child, childPath, depth + 1);
    if (fault) return fault;
  }
  return undefined;
}
