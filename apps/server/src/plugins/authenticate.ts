import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { AppDeps } from "../app-deps.ts";
import { AppError } from "../http/app-error.ts";
import { requestMerchant } from "../http/request-merchant.ts";
import { authErrors, type VerifiedClaims } from "../modules/auth/index.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in customer of this request, set by `authenticate`. */
    customer?: VerifiedClaims;
  }
}

type AuthHook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
const AUTHENTICATION = Symbol("authentication");

/**
 * Marks a hook as a route's authentication. Routes list it as a preHandler like any other;
 * `registerAuthenticationFirst` moves it to run before the body is parsed or validated.
 */
export function authenticationHook(hook: AuthHook): AuthHook {
  return Object.assign(hook, { [AUTHENTICATION]: true });
}

const isAuthentication = (hook: unknown) =>
  typeof hook === "function" && (hook as { [AUTHENTICATION]?: boolean })[AUTHENTICATION] === true;

/** The bearer token of a request, or 401. */
export function bearerToken(req: FastifyRequest): string {
  const header = req.headers.authorization;
  const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
  if (!token) throw authErrors.create("INVALID_TOKEN");
  return token;
}

/**
 * Refuses a token issued for `merchantId` unless this request speaks for that merchant (header or
 * host, as anonymous calls resolve it). A token is only good on its own merchant's hosts: one
 * merchant's app must never act for a customer of another, even with a genuine token.
 */
export async function assertTokenMerchant(deps: AppDeps, req: FastifyRequest, merchantId: string) {
  // A header naming no merchant is a refusal of the token here, not a 400 shown to a stranger.
  const merchant = await requestMerchant(deps, req).catch((e: unknown) => {
    if (e instanceof AppError && e.status < 500) return undefined;
    throw e;
  });
  if (merchant?.id !== merchantId) throw authErrors.create("INVALID_TOKEN");
}

/** The claims of a live access token issued for the merchant this request speaks for. */
export async function verifiedCustomer(deps: AppDeps, req: FastifyRequest, token: string) {
  const claims = await deps.services.auth.authenticate(token);
  await assertTokenMerchant(deps, req, claims.merchantId);
  return claims;
}

/** Hook of signed-in calls: a valid bearer token of a live session for this merchant, or 401. */
export function authenticate(deps: AppDeps) {
  return authenticationHook(async (req) => {
    req.customer = await verifiedCustomer(deps, req, bearerToken(req));
  });
}

/**
 * Authenticate before validating: a call without a valid token answers 401 whatever its body,
 * query, headers or path hold, so schemas (field names, limits) are never shown to strangers and
 * no work is spent parsing their bodies. Each route's authentication hook is moved from its
 * preHandlers to onRequest, which runs before parsing and validation. A route whose contract
 * names bearer security must have one, and only such routes may: checked as routes register.
 */
export function registerAuthenticationFirst(app: FastifyInstance) {
  app.addHook("onRoute", (route: RouteOptions) => {
    const preHandlers = [route.preHandler ?? []].flat();
    const auth = preHandlers.filter(isAuthentication);
    const bearer = (route.schema as { security?: Record<string, unknown>[] } | undefined)?.security?.some(
      (s) => "bearer" in s,
    );
    const name = `${[route.method].flat().join(",")} ${route.url}`;
    if (bearer && auth.length === 0)
      throw new Error(`${name}: bearer security without an authentication hook`);
    if (!bearer && auth.length > 0) throw new Error(`${name}: authentication hook without bearer security`);
    if (auth.length === 0) return;
    route.preHandler = preHandlers.filter((h) => !isAuthentication(h));
    route.onRequest = [...auth, ...[route.onRequest ?? []].flat()] as RouteOptions["onRequest"];
  });
}

/** The customer of a request that passed `authenticate`. */
export function signedIn(req: FastifyRequest): VerifiedClaims {
  if (!req.customer) throw authErrors.create("INVALID_TOKEN");
  return req.customer;
}

export const bearerSecurity = [{ bearer: [] }];
