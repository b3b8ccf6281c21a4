import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { commonErrors } from "../../http/app-error.ts";
import { errorBodySchema, errorResponses } from "../../http/error-body.ts";
import { requestMerchant } from "../../http/request-merchant.ts";
import { OK, resultSchema } from "../../http/result.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import {
  passwordChangeBody,
  phoneOnlyBody,
  publicHeaders,
  resetCodeBody,
  resetConfirmBody,
  tokenForm,
  tokenInfoResponse,
  tokenResponse,
} from "./auth.schemas.ts";
import {
  clearRefreshCookie,
  confirmationCode,
  REFRESH_COOKIE,
  requestContext,
  sendTokens,
  signedHeaders,
} from "./request-context.ts";

const errors = errorResponses(400, 401, 403, 404, 429);

/** Sign-in, tokens, sign-out and passwords. */
export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth } = deps.services;

    app.post(
      "/oauth/token",
      {
        schema: {
          operationId: "postToken",
          tags: ["auth"],
          description:
            "Sign in (grant mobile_phone, with the new-device code step) or rotate a refresh token.",
          consumes: ["application/x-www-form-urlencoded"],
          headers: publicHeaders.extend({ "x-confirmation-code": z.string().max(8).optional() }),
          body: tokenForm,
          response: { 200: tokenResponse, ...errors },
        },
      },
      async (req, reply) => {
        const body = req.body;
        if (body.grant_type === "refresh_token") {
          const token = body.refresh_token ?? app.parseCookie(req.headers.cookie ?? "")[REFRESH_COOKIE];
          if (!token)
            throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
              field: "refresh_token",
              message: "refresh_token: missing",
            });
          const merchant = await requestMerchant(deps, req);
          return sendTokens(deps, req, reply, await auth.refresh(merchant, token));
        }
        const ctx = await requestContext(deps, req);
        const tokens = await auth.signIn(
          ctx,
          { phone: body.number.digits, password: body.password, confirmationCode: confirmationCode(req) },
          signedHeaders(req),
        );
        return sendTokens(deps, req, reply, tokens);
      },
    );

    app.get(
      "/oauth/token",
      {
        schema: {
          operationId: "getToken",
          tags: ["auth"],
          description:
            "Introspects the bearer token: who it names and how long it has left. 401 when it is not live.",
          security: bearerSecurity,
          response: { 200: tokenInfoResponse, 401: errorBodySchema },
        },
        preHandler: authenticate(deps),
      },
      async (req, reply) => {
        const c = await auth.introspect(signedIn(req));
        reply.header("cache-control", "no-store");
        const expiresIn = Math.max(0, c.expiresAt - Math.floor(Date.now() / 1000));
        return {
          active: true as const,
          customerId: c.customerId,
          merchantId: c.merchantId,
          kycLevel: c.kycLevel,
          expires_in: expiresIn,
        };
      },
    );

    app.post(
      "/signout",
      {
        schema: {
          operationId: "signOut",
          tags: ["auth"],
          security: bearerSecurity,
          response: { 200: resultSchema, 401: errorBodySchema },
        },
        preHandler: authenticate(deps),
      },
      async (req, reply) => {
        await auth.signOut(signedIn(req));
        clearRefreshCookie(reply);
        return OK;
      },
    );

    app.post(
      "/v2/mobile/password/reset",
      {
        schema: {
          operationId: "startPasswordReset",
          tags: ["password"],
          headers: publicHeaders,
          body: phoneOnlyBody,
          response: { 200: resultSchema, ...errors },
        },
      },
      async (req) => {
        await auth.startPasswordReset(
          await requestContext(deps, req),
          req.body.phone.digits,
          signedHeaders(req),
        );
        return OK;
      },
    );

    app.post(
      "/v2/mobile/password/reset/confirm/code",
      {
        schema: {
          operationId: "checkPasswordResetCode",
          tags: ["password"],
          headers: publicHeaders,
          body: resetCodeBody,
          response: { 200: resultSchema, ...errors },
        },
      },
      async (req) => {
        await auth.checkPasswordResetCode(
          await requestMerchant(deps, req),
          req.body.phone.digits,
          req.body.code,
        );
        return OK;
      },
    );

    app.post(
      "/v2/mobile/password/reset/confirm",
      {
        schema: {
          operationId: "confirmPasswordReset",
          tags: ["password"],
          headers: publicHeaders,
          body: resetConfirmBody,
          response: { 200: tokenResponse, ...errors },
        },
      },
      async (req, reply) => {
        const { phone, code, password } = req.body;
        const tokens = await auth.confirmPasswordReset(await requestContext(deps, req), {
          phone: phone.digits,
          code,
          password,
        });
        return sendTokens(deps, req, reply, tokens);
      },
    );

    app.put(
      "/v2/mobile/password/change",
      {
        schema: {
          operationId: "changePassword",
          tags: ["password"],
          security: bearerSecurity,
          body: passwordChangeBody,
          response: { 200: resultSchema, ...errors },
        },
        preHandler: authenticate(deps),
      },
      async (req) => {
        await auth.changePassword(signedIn(req), req.body.currentPassword, req.body.newPassword);
        return OK;
      },
    );
  };
