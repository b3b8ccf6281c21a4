import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Json } from "../db/json.ts";
import type { OperationOutcome } from "../modules/ledger/index.ts";
import { commonErrors } from "./app-error.ts";

// The HTTP side of idempotency, for every money-moving POST: the route reads the key, the
// use-case's money frame answers once per key (app/money-use-case.ts), the route sends it:
//   const { idempotencyKey, requestHash } = readIdempotency(request, `customer:${customerId}`);
//   return sendStoredResponse(reply, await service.send({ ..., idempotencyKey, requestHash }));

const IDEMPOTENCY_HEADER = "idempotency-key";
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** Set on a response that was stored by an earlier request with the same key. */
const REPLAYED_HEADER = "idempotent-replayed";

// Visible ASCII only: a key is an opaque token (clients send a UUID), never free text.
const KEY_PATTERN = /^[\x21-\x7e]+$/;

/** The response a route stores for its key: replayed with the same status and body. */
type StoredHttpResponse = { statusCode: number; body: Json };

/**
 * The request's key, scoped (e.g. `customer:<id>`) so that two callers choosing the same key
 * never see each other's responses, and the request's fingerprint. 400 naming the header when
 * it is missing, repeated, longer than 255 characters or not visible ASCII.
 */
export function readIdempotency(
  request: FastifyRequest,
  scope: string,
): { idempotencyKey: string; requestHash: string } {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (typeof raw !== "string" || raw.length === 0) throw invalidKey("is required");
  if (raw.length > MAX_IDEMPOTENCY_KEY_LENGTH)
    throw invalidKey(`must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  if (!KEY_PATTERN.test(raw)) throw invalidKey("must be printable ASCII without spaces");
  return { idempotencyKey: `${scope}:${raw}`, requestHash: hashRequest(request, scope) };
}

/**
 * Fingerprint of what the request asks: method, route, path parameters, query and body
 * (objects with sorted keys, so the same JSON in another key order is the same request).
 */
function hashRequest(request: FastifyRequest, scope: string): string {
  const fingerprint = canonicalJson({
    scope,
    method: request.method,
    route: request.routeOptions.url ?? request.url,
    params: (request.params ?? {}) as Json,
    query: (request.query ?? {}) as Json,
    body: (request.body ?? null) as Json,
  });
  return createHash("sha256").update(fingerprint).digest("hex");
}

/** Sends a stored response; a replay says so in a header (the body is the same either way). */
export function sendStoredResponse(reply: FastifyReply, outcome: OperationOutcome) {
  const stored = outcome.response as StoredHttpResponse;
  if (outcome.replayed) reply.header(REPLAYED_HEADER, "true");
  return reply.status(stored.statusCode).send(stored.body);
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function invalidKey(problem: string) {
  return commonErrors.create("NOT_VALID_REQUEST_DATA", {
    field: "Idempotency-Key",
    message: `Idempotency-Key: ${problem}`,
  });
}
