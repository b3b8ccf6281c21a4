import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/transaction.ts";
import { AppError, commonErrors } from "../http/app-error.ts";
import type { ErrorBody } from "../http/error-body.ts";

/**
 * One place turns every failure into the error body. Known failures keep their code; anything
 * else is a bug: logged with its stack, answered as 500 with nothing but the request id.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const appError = toAppError(err);
    // A 503 is a party out of reach for now (the database in a failover, a provider, the
    // readiness probe saying so), not a bug: a warning. Anything else of 500 and up is a bug.
    if (appError.code === "SERVICE_UNAVAILABLE")
      req.log.warn(
        { err: err.message },
        err instanceof AppError ? "service unavailable" : "database unavailable",
      );
    else if (appError.status >= 500) req.log.error({ err }, "request failed");
    else req.log.info({ code: appError.code, field: appError.field }, "request refused");
    return sendError(req, reply, appError);
  });
  app.setNotFoundHandler((req, reply) => sendError(req, reply, commonErrors.create("NOT_FOUND")));
}

/**
 * Fastify options for the failures it answers before any route or hook runs: a malformed URL
 * (bad percent-encoding, an over-long parameter) and requests Node's HTTP parser rejects. Left
 * alone, Fastify answers them in its own body, echoing the URL with its query (which can carry
 * tokens); these answer in the error shape and echo nothing.
 */
export const frameworkErrorOptions = {
  frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
    const appError =
      err.code === "FST_ERR_BAD_URL" || err.code === "FST_ERR_MAX_PARAM_LENGTH"
        ? commonErrors.create("NOT_VALID_REQUEST_DATA", { field: "path", message: "path: not a valid URL" })
        : commonErrors.create("COMMON");
    req.log.info({ code: err.code }, "request refused");
    reply.header("x-request-id", req.id);
    return sendError(req, reply, appError);
  },
  clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
    if (err.code === "ECONNRESET" || socket.destroyed) return;
    const appError =
      err.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? commonErrors.create("REQUEST_TIMEOUT")
        : err.code === "HPE_HEADER_OVERFLOW"
          ? commonErrors.create("HEADERS_TOO_LARGE")
          : commonErrors.create("NOT_VALID_REQUEST_DATA", { message: "The request is not valid HTTP." });
    const requestId = randomUUID();
    const body = JSON.stringify({
      error: appError.code,
      errorId: appError.errorId,
      message: appError.message,
      requestId,
    } satisfies ErrorBody);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${appError.status} ${STATUS_TEXT[appError.status] ?? "Bad Request"}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `X-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(err);
  },
} satisfies Pick<FastifyServerOptions, "frameworkErrors" | "clientErrorHandler">;

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};

function sendError(req: FastifyRequest, reply: FastifyReply, e: AppError) {
  const body: ErrorBody = { error: e.code, errorId: e.errorId, message: e.message, requestId: req.id };
  if (e.field) body.field = e.field;
  if (e.data) body.data = e.data;
  if (e.headers) reply.headers(e.headers);
  return reply.status(e.status).type("application/json; charset=utf-8").send(body);
}

/**
 * A failover or a restart: the database refused or lost the connection, or is read-only for now.
 * The use-case's transaction committed whole or not at all (a connection lost at COMMIT leaves
 * which one unknown), so the client sends the same request with the same Idempotency-Key after
 * Retry-After: it gets the stored answer or the operation applied once. A new leader takes over
 * within seconds (docs/operations.md). Never a 500: nothing is wrong with the request or the code.
 */
const RETRY_AFTER_SECONDS = "2";

function toAppError(err: FastifyError): AppError {
  if (err instanceof AppError) return err;
  if (isDatabaseUnavailable(err))
    return commonErrors.create("SERVICE_UNAVAILABLE", { headers: { "retry-after": RETRY_AFTER_SECONDS } });
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    // An unknown key of a strict object is the field at fault, not the object holding it.
    const unknownKey =
      first?.keyword === "unrecognized_keys" ? (first.params as { keys?: string[] }).keys?.[0] : undefined;
    const path = unknownKey ? `${first?.instancePath.replace(/\/$/, "")}/${unknownKey}` : first?.instancePath;
    const field = path !== undefined ? fieldName(err.validationContext, path) : undefined;
    const message = first ? `${field ?? "request"}: ${first.message}` : undefined;
    return commonErrors.create("NOT_VALID_REQUEST_DATA", { field, message });
  }
  if (isResponseSerializationError(err)) return commonErrors.create("COMMON");
  switch (err.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return commonErrors.create("UNSUPPORTED_MEDIA_TYPE");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return commonErrors.create("PAYLOAD_TOO_LARGE");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return commonErrors.create("NOT_VALID_REQUEST_DATA", {
        field: "body",
        message: "body: malformed JSON",
      });
  }
  // Fastify's own client errors (bad JSON from the parser, bad content length...) keep their
  // status; their messages are written for developers, so the customer text is generic.
  const status = err.statusCode ?? 500;
  if (status === 400) return commonErrors.create("NOT_VALID_REQUEST_DATA", { field: "body" });
  if (status === 405) return commonErrors.create("METHOD_NOT_ALLOWED");
  if (status === 413) return commonErrors.create("PAYLOAD_TOO_LARGE");
  if (status === 415) return commonErrors.create("UNSUPPORTED_MEDIA_TYPE");
  if (status === 429) return commonErrors.create("TOO_MANY_REQUESTS");
  return commonErrors.create("COMMON");
}

/** "body" + "/phone" → "phone"; "querystring" + "/size" → "size"; nested paths keep dots. */
function fieldName(context: string | undefined, instancePath: string): string {
  const path = instancePath.replace(/^\//, "").replaceAll("/", ".");
  return path || (context === "querystring" ? "query" : (context ?? "body"));
}
