import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { clientIp } from "../../http/client-ip.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import { OPERATOR_COOKIE, operatorSecurity, signedInOperator } from "./operator-guard.ts";
import {
  adminErrors,
  disableBody,
  meResponse,
  operatorParams,
  operatorsResponse,
  passwordChangeBody,
  signedInResponse,
  signInBody,
  signInResponse,
  totpBody,
} from "./operators.schemas.ts";
import { SESSION_MAX_SECONDS } from "./operators.service.ts";
import { ROLE_PERMISSIONS } from "./permissions.ts";

const tags = ["backoffice"];
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const noStore = { "cache-control": "no-store" };

/** The back-office's sign-in (password, then TOTP), sign-out and who is signed in. */
export const operatorsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { operators, merchants } = deps.services;
    const setSessionCookie = (reply: FastifyReply, token: string) =>
      reply.setCookie(OPERATOR_COOKIE, token, {
        httpOnly: true,
        sameSite: "strict",
        secure: deps.config.publicBaseUrl.startsWith("https:"),
        path: "/admin/v1",
        maxAge: SESSION_MAX_SECONDS,
      });

    app.post(
      "/admin/v1/auth/sign-in",
      {
        config: { permission: "sign-in" },
        schema: {
          operationId: "operatorSignIn",
          tags,
          description: "Step one: email and password. Sets the session cookie; the TOTP code must follow.",
          body: signInBody,
          response: { 200: signInResponse, ...adminErrors },
        },
      },
      async (req, reply) => {
        const { token, csrfToken } = await operators.signIn(
          req.body.email,
          req.body.password,
          clientIp(deps.config, req),
        );
        setSessionCookie(reply, token);
        reply.headers(noStore);
        return { next: "TOTP" as const, csrfToken };
      },
    );

    app.post(
      "/admin/v1/auth/totp",
      {
        config: { permission: "totp" },
        schema: {
          operationId: "operatorTotp",
          tags,
          description:
            "Step two: the authenticator's 6-digit code (RFC 6238). Needs X-CSRF-Token. Signs in under a new session cookie and CSRF token.",
          security: operatorSecurity,
          body: totpBody,
          response: { 200: signedInResponse, ...adminErrors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        const { token, csrfToken } = await operators.confirmCode(ctx, req.body.code, ctx.actor.ip);
        setSessionCookie(reply, token);
        reply.headers(noStore);
        return { csrfToken };
      },
    );

    app.post(
      "/admin/v1/auth/sign-out",
      {
        config: { permission: "self" },
        schema: {
          operationId: "operatorSignOut",
          tags,
          security: operatorSecurity,
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        await operators.signOut(ctx.session, ctx.operator, ctx.actor.ip);
        reply.clearCookie(OPERATOR_COOKIE, { path: "/admin/v1" });
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/admin/v1/auth/password",
      {
        config: { permission: "self" },
        schema: {
          operationId: "operatorChangePassword",
          tags,
          description:
            "A new password: required after the one-time password of operator:create, allowed any time. The operator's other sessions end.",
          security: operatorSecurity,
          body: passwordChangeBody,
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        await operators.changePassword(ctx, req.body, ctx.actor.ip);
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/admin/v1/operators",
      {
        config: { permission: "operators.manage" },
        schema: {
          operationId: "adminOperators",
          tags,
          description: "The merchant's operators (and, for a platform admin, the platform admins).",
          security: operatorSecurity,
          response: { 200: operatorsResponse, ...adminErrors },
        },
      },
      async (req) => {
        const ctx = signedInOperator(req);
        const list = await operators.listOperators(ctx.operator, ctx.merchantId);
        return {
          operators: list.map((o) => ({
            ...o,
            disabledAt: iso(o.disabledAt),
            createdAt: o.createdAt.toISOString(),
          })),
        };
      },
    );

    app.post(
      "/admin/v1/operators/:operatorId/disable",
      {
        config: { permission: "operators.manage" },
        schema: {
          operationId: "adminOperatorDisable",
          tags,
          description:
            "Disables an operator (their sessions end, sign-in is refused); audited with the reason. Not yourself.",
          security: operatorSecurity,
          params: operatorParams,
          body: disableBody,
          response: { 204: z.null(), ...adminErrors, 409: errorBodySchema },
        },
      },
      async (req, reply) => {
        const ctx = signedInOperator(req);
        await operators.disableOperator(ctx, req.params.operatorId, req.body.reason);
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/admin/v1/me",
      {
        config: { permission: "self" },
        schema: {
          operationId: "operatorMe",
          tags,
          description:
            "The signed-in operator, the CSRF token of the session, and the merchants they act on.",
          security: operatorSecurity,
          response: { 200: meResponse, ...adminErrors },
        },
      },
      async (req, reply) => {
        const { operator, session } = signedInOperator(req);
        const all = await merchants.listMerchants();
        const mine = operator.merchantId ? all.filter((m) => m.id === operator.merchantId) : all;
        reply.headers(noStore);
        return {
          operator: { ...operator, permissions: [...ROLE_PERMISSIONS[operator.role]] },
          csrfToken: session.csrfToken,
          merchants: mine.map((m) => ({ id: m.id, title: m.title })),
        };
      },
    );
  };
