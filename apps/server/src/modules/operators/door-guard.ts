import type { FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";
import { commonErrors } from "../../http/app-error.ts";
import { operatorErrors } from "./operators.errors.ts";

/** Methods that change something: the ones a foreign page must not send with the operator's cookie. */
const CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** `value`'s origin (scheme, host, port) as URL writes it, or "null" when it is none. */
function originOf(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return "null";
  }
}

/**
 * The page that sent a call, as the browser names it: Origin, else Referer's origin. Undefined
 * when the request carries neither: no browser sends a cross-site POST, PUT, PATCH or DELETE
 * without Origin, so such a call comes from a program holding the cookie itself (a test, a
 * script), which forges nothing. An opaque "null" Origin is never our own.
 */
function senderOrigin(req: FastifyRequest): string | undefined {
  const origin = req.headers.origin;
  if (origin !== undefined) return origin === "null" ? "null" : originOf(origin);
  const referer = req.headers.referer;
  return referer === undefined ? undefined : originOf(referer);
}

/**
 * The back-office's own origins for this request. The app is served at /backoffice/ by the same
 * server, on whatever host the operator opened (PUBLIC_BASE_URL's, a merchant's), and calls
 * /admin/v1/ on that same host; so its origin is the request's own: its host (`req.host`,
 * which believes X-Forwarded-Host only from TRUSTED_PROXIES) with the request's scheme or
 * PUBLIC_BASE_URL's (a proxy ending TLS before us leaves the request plain http), and
 * PUBLIC_BASE_URL's origin itself.
 */
function ownOrigins(config: Config, req: FastifyRequest): Set<string> {
  const publicUrl = new URL(config.publicBaseUrl);
  return new Set([
    publicUrl.origin,
    originOf(`${req.protocol}://${req.host}`),
    originOf(`${publicUrl.protocol}//${req.host}`),
  ]);
}

/** "application/json; charset=utf-8" → "application/json". */
const mediaTypeOf = (contentType: string) => contentType.split(";")[0]?.trim().toLowerCase();

/**
 * The first guard of every /admin/v1/ call that changes something, sign-in included, before a
 * session is looked up: it was sent by the back-office's own page. A form post from another
 * site (which needs no CORS preflight) would otherwise carry the operator's cookie: a login CSRF
 * at sign-in, a forged action after (docs/backoffice.md "Security").
 */
export function ownOriginGuard(config: Config) {
  return async (req: FastifyRequest) => {
    if (!CHANGING.has(req.method)) return;
    const sender = senderOrigin(req);
    if (sender !== undefined && !ownOrigins(config, req).has(sender))
      throw operatorErrors.create("ORIGIN_NOT_ALLOWED", { field: "Origin" });
  };
}

/**
 * The last guard of every /admin/v1/ call that changes something, before its body is read:
 * the body is JSON, no form a page can post. A route that declares other media types in its
 * schema's `consumes` takes those instead (the logo upload: multipart/form-data).
 */
export function jsonBodyGuard(consumes: readonly string[] = ["application/json"]) {
  const accepted = new Set(consumes.map((type) => type.toLowerCase()));
  const wanted = [...accepted].join(" or ");
  return async (req: FastifyRequest) => {
    if (!CHANGING.has(req.method)) return;
    const contentType = req.headers["content-type"];
    if (contentType !== undefined && !accepted.has(mediaTypeOf(contentType) ?? ""))
      throw commonErrors.create("UNSUPPORTED_MEDIA_TYPE", {
        field: "Content-Type",
        message: `Content-Type: must be ${wanted}`,
      });
  };
}
