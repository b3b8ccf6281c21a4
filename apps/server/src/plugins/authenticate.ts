import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../app-deps.ts";
import { authErrors } from "../modules/auth/auth.errors.ts";
import type { SessionGuard } from "../modules/auth/auth.service.ts";
import type { VerifiedClaims } from "../modules/auth/tokens.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in customer of this request, set by `authenticate` or `authenticateForWrite`. */
    customer?: VerifiedClaims;
    /** The session its write checks, set by `authenticateForWrite`. */
    session?: SessionGuard;
  }
}

const bearerToken = (req: FastifyRequest): string => {
  const header = req.headers.authorization;
  const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
  if (!token) throw authErrors.create("INVALID_TOKEN");
  return token;
};

/** preHandler for signed-in calls: a valid bearer token of a live session, or 401. */
export function authenticate(deps: AppDeps) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    req.customer = await deps.services.auth.authenticate(bearerToken(req));
  };
}

/**
 * preHandler for a signed-in call that moves money: a valid bearer token now, or 401; the session
 * is checked by the write (`sessionOf`), which saves the call a round trip to the database.
 */
export function authenticateForWrite(deps: AppDeps) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const { claims, session } = await deps.services.auth.authenticateForWrite(bearerToken(req));
    req.customer = claims;
    req.session = session;
  };
}

/** The session of a request that passed `authenticateForWrite`, for its write to check. */
export function sessionOf(req: FastifyRequest): SessionGuard {
  if (!req.session) throw authErrors.create("INVALID_TOKEN");
  return req.session;
}

/** The customer of a request that passed `authenticate`. */
export function signedIn(req: FastifyRequest): VerifiedClaims {
  if (!req.customer) throw authErrors.create("INVALID_TOKEN");
  return req.customer;
}

export const bearerSecurity = [{ bearer: [] }];
