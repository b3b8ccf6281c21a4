import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";

/** The contract's entry for `sendCacheable`'s 304: spread into the route's response schemas. */
export const notModifiedResponse = {
  304: z.null().describe("Not modified: the If-None-Match ETag still holds"),
};

/**
 * Sends a configuration answer with a strong ETag and a short shared cache life; a matching
 * If-None-Match gets 304. Configuration changes rarely, but must show within a minute.
 */
export function sendCacheable<T>(req: FastifyRequest, reply: FastifyReply, body: T) {
  const etag = `"${createHash("sha256").update(JSON.stringify(body)).digest("base64url").slice(0, 27)}"`;
  reply
    .header("etag", etag)
    .header("cache-control", "public, max-age=60")
    .header("vary", "X-Merchant-ID, Host");
  if (req.headers["if-none-match"] === etag) return reply.status(304).send();
  return body;
}
