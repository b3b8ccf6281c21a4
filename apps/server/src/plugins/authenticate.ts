import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../app-deps.ts";
import { authErrors } from "../modules/auth/auth.errors.ts";
import type { VerifiedClaims } from "../modules/auth/tokens.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in customer of this request, set by `authenticate`. */
    customer?: VerifiedClaims;
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

/** The customer of a request that passed `authenticate`. */
export function signedIn(req: FastifyRequest): VerifiedClaims {
  if (!req.customer) throw authErrors.create("INVALID_TOKEN");
  return req.customer;
}

export const bearerSecurity = [{ bearer: [] }];
