import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";
import { clientIp } from "../../http/client-ip.ts";
import { customerOrigin, type MerchantDeps, requestMerchant } from "../../http/request-merchant.ts";
import type { RequestContext, Signed, TokenSet } from "./auth.service.ts";

export const REFRESH_COOKIE = "kestrel_rt";

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v) || undefined;
};

/** The app's deps these helpers read (not AppDeps: this file is behind auth's door, see MerchantDeps). */
type ContextDeps = MerchantDeps & { config: Config };

export async function requestContext(deps: ContextDeps, req: FastifyRequest): Promise<RequestContext> {
  const merchant = await requestMerchant(deps, req);
  return {
    merchant,
    // The address a sign-in is limited by and placed from (the security centre's country): in
    // sandbox mode a tester may stand in another one, as the location check allows.
    ip: clientIp(deps.config, req),
    deviceId: header(req, "x-deviceid"),
    userAgent: header(req, "user-agent"),
    origin: customerOrigin(deps, req, merchant),
  };
}

export function signedHeaders(req: FastifyRequest): Signed {
  return { fingerprint: header(req, "x-fingerprint"), signature: header(req, "x-signature") };
}

export const confirmationCode = (req: FastifyRequest) => header(req, "x-confirmation-code");

/**
 * Answers a token set. The refresh token goes into an HttpOnly, SameSite=Strict cookie that page
 * script can never read; it is also in the body only for clients that send no Origin header
 * (apps, scripts): browsers always send Origin on POST, so the web app never sees it.
 */
export function sendTokens(
  deps: { config: Config },
  req: FastifyRequest,
  reply: FastifyReply,
  tokens: TokenSet,
) {
  reply.setCookie(REFRESH_COOKIE, tokens.refresh_token, {
    httpOnly: true,
    sameSite: "strict",
    secure: deps.config.publicBaseUrl.startsWith("https:"),
    path: "/oauth/token",
    maxAge: deps.config.refreshTokenTtlDays * 86400,
  });
  reply.header("cache-control", "no-store");
  if (req.headers.origin) {
    const { refresh_token: _hidden, ...rest } = tokens;
    return rest;
  }
  return tokens;
}

export function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: "/oauth/token" });
}
