import { timingSafeEqual } from "node:crypto";
// The cookie plugin registered in app.ts adds parseCookie to the instance; its types come with it.
import type {} from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { Config } from "../../config.ts";
import { clientIp } from "../../http/client-ip.ts";
import { type MerchantDeps, requestMerchant } from "../../http/request-merchant.ts";
import type { AuditActor, AuditService } from "./audit.service.ts";
import { jsonBodyGuard, ownOriginGuard } from "./door-guard.ts";
import { operatorErrors } from "./operators.errors.ts";
import type { SessionRow } from "./operators.repository.ts";
import type { Operator, OperatorsService } from "./operators.service.ts";
import { can, type RouteAccess } from "./permissions.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in operator of an /admin/v1/ request, set by the guard. */
    operatorContext?: OperatorContext;
  }
  interface FastifyContextConfig {
    /** What an /admin/v1/ route needs: every one declares it (docs/backoffice.md "Roles"). */
    permission?: RouteAccess;
  }
}

export type OperatorContext = {
  operator: Operator;
  session: SessionRow;
  /** The merchant this request acts on: the operator's own, or the one a platform admin names. */
  merchantId: string;
  actor: AuditActor;
};

const ADMIN_PREFIX = "/admin/v1/";
export const OPERATOR_COOKIE = "kestrel_operator";
const CSRF_HEADER = "x-csrf-token";
export const operatorSecurity = [{ operatorSession: [] }];

const SAFE_METHODS = new Set(["GET", "HEAD"]);

function sameToken(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The app's deps the guard reads (not AppDeps: this file is behind the operators' door, see MerchantDeps). */
type GuardDeps = {
  config: Config;
  services: MerchantDeps["services"] & { operators: OperatorsService; audit: AuditService };
};

/**
 * Every /admin/v1/ route must declare its `config.permission`; registering one without fails.
 * Its guards run first (onRequest, before the body is parsed or validated): the caller's origin
 * (door-guard.ts), the session cookie, its stage, the CSRF token on calls that change something,
 * the permission, then the body's media type (door-guard.ts). Each refusal of a known operator
 * is audited.
 */
export function registerOperatorGuard(app: FastifyInstance, deps: GuardDeps) {
  const declared: AdminRoute[] = [];
  const ownOrigin = ownOriginGuard(deps.config);
  declaredRoutes.set(app, declared);
  app.addHook("onRoute", (route: RouteOptions) => {
    if (!route.url.startsWith(ADMIN_PREFIX)) return;
    const access = (route.config as { permission?: RouteAccess } | undefined)?.permission;
    if (!access)
      throw new Error(`${route.method} ${route.url}: an admin route without a declared permission`);
    for (const method of [route.method].flat())
      if (method !== "HEAD") declared.push({ method, url: route.url, access });
    // The caller's page first (sign-in too), before a session is looked up; the body's media
    // type last, so a role without the permission is refused whatever it sent.
    const guards = [
      ownOrigin,
      ...(access === "sign-in" ? [] : [operatorGuard(deps, access)]),
      jsonBodyGuard((route.schema as { consumes?: string[] } | undefined)?.consumes),
    ];
    route.onRequest = [...guards, ...[route.onRequest ?? []].flat()] as RouteOptions["onRequest"];
  });
}

export type AdminRoute = { method: string; url: string; access: RouteAccess };
const declaredRoutes = new WeakMap<FastifyInstance, AdminRoute[]>();

/** Every admin route of an app with the permission it declared (the every-route-every-role test). */
export function adminRoutesOf(app: FastifyInstance): AdminRoute[] {
  return declaredRoutes.get(app) ?? [];
}

function operatorGuard(deps: GuardDeps, access: Exclude<RouteAccess, "sign-in">) {
  const { operators, audit } = deps.services;
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const token = req.server.parseCookie(req.headers.cookie ?? "")[OPERATOR_COOKIE];
    const found = token ? await operators.lookUpSession(token) : { kind: "none" as const };
    if (found.kind === "none") throw operatorErrors.create("OPERATOR_SIGN_IN_REQUIRED");
    const ip = clientIp(deps.config, req);
    const actor: AuditActor = { operatorId: found.operator.id, operatorEmail: found.operator.email, ip };
    const refuse = async (reason: string, target?: string) => {
      await audit.record(actor, {
        merchantId: found.operator.merchantId,
        action: `refused ${req.method} ${req.routeOptions.url ?? req.url}`,
        outcome: "REFUSED",
        reason,
        ...(target ? { targetType: "route", targetId: target } : {}),
      });
    };
    if (found.kind === "expired") {
      await refuse("session expired");
      throw operatorErrors.create("OPERATOR_SESSION_EXPIRED");
    }
    const wanted = access === "totp" ? "PASSWORD" : "ACTIVE";
    if (found.session.stage !== wanted) throw operatorErrors.create("OPERATOR_SIGN_IN_REQUIRED");
    if (!SAFE_METHODS.has(req.method) && !sameToken(req.headers[CSRF_HEADER], found.session.csrfToken)) {
      await refuse("CSRF token missing or wrong");
      throw operatorErrors.create("CSRF_TOKEN_INVALID", { field: "X-CSRF-Token" });
    }
    // A one-time password: only the change itself, who am I and sign-out until it is changed.
    if (found.operator.passwordChangeRequired && access !== "self" && access !== "totp") {
      await refuse("one-time password not changed");
      throw operatorErrors.create("OPERATOR_PASSWORD_CHANGE_REQUIRED");
    }
    if (access !== "totp" && !can(found.operator.role, access)) {
      await refuse(`role ${found.operator.role} lacks ${access}`);
      throw operatorErrors.create("PERMISSION_DENIED");
    }
    const merchantId = found.operator.merchantId ?? (await requestMerchant(deps, req)).id;
    req.operatorContext = { operator: found.operator, session: found.session, merchantId, actor };
  };
}

/** The operator of a request that passed the guard. */
export function signedInOperator(req: FastifyRequest): OperatorContext {
  if (!req.operatorContext) throw operatorErrors.create("OPERATOR_SIGN_IN_REQUIRED");
  return req.operatorContext;
}
