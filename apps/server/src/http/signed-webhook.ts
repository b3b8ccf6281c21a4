import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest, FastifySchema } from "fastify";
import type { z } from "zod";
import { type AppError, commonErrors } from "./app-error.ts";
import { errorBodySchema } from "./error-body.ts";

/**
 * Signed webhooks: an outside party (bank rail, chain, acquirer) posts JSON and signs it with
 * `sha256=<hex HMAC-SHA256 of the raw body with the callback secret>` in a header of its own.
 * The sender's side (`signWebhookBody`) and the receiver's (`registerSignedWebhook`) live here
 * together so both always agree. docs/webhooks.md.
 */
const PREFIX = "sha256=";

const hmacHex = (secret: string, rawBody: string) =>
  createHmac("sha256", secret).update(rawBody, "utf8").digest("hex");

/** The signature header's value for these exact bytes. */
export function signWebhookBody(secret: string, rawBody: string): string {
  return `${PREFIX}${hmacHex(secret, rawBody)}`;
}

/** True when `header` signs exactly these bytes; compared in constant time. */
export function isWebhookBodySigned(secret: string, rawBody: string, header: string | undefined): boolean {
  if (!header?.startsWith(PREFIX)) return false;
  const given = Buffer.from(header.slice(PREFIX.length), "utf8");
  const expected = Buffer.from(hmacHex(secret, rawBody), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A signed body parsed against its schema; a body that is not JSON or not of the schema is a 400
 * saying `<name>: <path> <problem>` (the body is the sender's, so no field of ours is named).
 */
export function parseSignedJson<T extends z.ZodType>(rawBody: string, schema: T, name: string): z.output<T> {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    json = undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
      message: `${name}: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`,
    });
  }
  return parsed.data;
}

export type SignedWebhook<T> = {
  path: string;
  /** The header carrying `sha256=<hex>` (lower case, as Node gives headers). */
  signatureHeader: string;
  secret: string;
  /** Largest body taken, in bytes; a larger one is a 413. */
  bodyLimit: number;
  /** operationId, tags, description and the answers; 401 (a bad signature) is added. */
  schema: FastifySchema & { response: Record<number, unknown> };
  /** The module's own 401 for a missing or wrong signature (its code stays in its closed set). */
  invalidSignature: () => AppError;
  /** Runs only for a correctly signed body, with its exact bytes. */
  handle: (rawBody: string, req: FastifyRequest) => Promise<T>;
};

/**
 * Registers a signed webhook: a POST whose JSON body is kept as the raw string (the HMAC is over
 * the exact bytes sent, which a parse and re-serialise would not keep), checked before anything
 * else reads it. The raw parser lives in a plugin scope of its own, so no other route of the
 * caller loses JSON parsing. Every failure leaves through the error handler in the one error shape.
 */
export async function registerSignedWebhook<T>(app: FastifyInstance, hook: SignedWebhook<T>): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: hook.bodyLimit },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      hook.path,
      { schema: { ...hook.schema, response: { ...hook.schema.response, 401: errorBodySchema } } },
      async (req) => {
        const rawBody = typeof req.body === "string" ? req.body : "";
        const header = req.headers[hook.signatureHeader];
        const signature = Array.isArray(header) ? header[0] : header;
        if (!isWebhookBodySigned(hook.secret, rawBody, signature)) throw hook.invalidSignature();
        return hook.handle(rawBody, req);
      },
    );
  });
}
