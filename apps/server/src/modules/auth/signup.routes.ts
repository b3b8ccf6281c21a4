import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorResponses } from "../../http/error-body.ts";
import { requestMerchant } from "../../http/request-merchant.ts";
import { OK, resultSchema } from "../../http/result.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import {
  emailAddBody,
  emailConfirmQuery,
  phoneConfirmBody,
  phoneOnlyBody,
  publicHeaders,
  referralBody,
  signupBody,
  tokenResponse,
} from "./auth.schemas.ts";
import { requestContext, sendTokens, signedHeaders } from "./request-context.ts";

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Sign-up by phone, SMS confirmation, email and referral code. */
export const signupRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { signup } = deps.services;

    app.post(
      "/v2/mobile/signup",
      {
        schema: {
          operationId: "signUp",
          tags: ["sign-up"],
          description:
            "Registers a phone and sends an SMS code. Needs a solved captcha (X-Captcha-Token) and the request signature.",
          headers: publicHeaders.extend({ "x-captcha-token": z.string().max(4096).optional() }),
          body: signupBody,
          response: { 200: resultSchema, ...errors },
        },
      },
      async (req) => {
        const token = req.headers["x-captcha-token"];
        await signup.signUp(
          await requestContext(deps, req),
          {
            phone: req.body.phone.digits,
            phoneCountry: req.body.phone.country,
            password: req.body.password,
            captchaToken: token,
          },
          signedHeaders(req),
        );
        return OK;
      },
    );

    app.post(
      "/v2/mobile/phone/confirm",
      {
        schema: {
          operationId: "confirmPhone",
          tags: ["sign-up"],
          headers: publicHeaders,
          body: phoneConfirmBody,
          response: { 200: tokenResponse, ...errors },
        },
      },
      async (req, reply) => {
        const tokens = await signup.confirmPhone(
          await requestContext(deps, req),
          req.body.phone.digits,
          req.body.smsCode,
        );
        return sendTokens(deps, req, reply, tokens);
      },
    );

    app.post(
      "/v2/mobile/phone/verify/resend",
      {
        schema: {
          operationId: "resendPhoneCode",
          tags: ["sign-up"],
          headers: publicHeaders,
          body: phoneOnlyBody,
          response: { 200: resultSchema, ...errors },
        },
      },
      async (req) => {
        await signup.resendPhoneCode(
          await requestContext(deps, req),
          req.body.phone.digits,
          signedHeaders(req),
        );
        return OK;
      },
    );

    app.put(
      "/v2/mobile/email/add",
      {
        schema: {
          operationId: "addEmail",
          tags: ["sign-up"],
          security: bearerSecurity,
          body: emailAddBody,
          response: { 200: resultSchema, ...errors },
        },
        preHandler: authenticate(deps),
      },
      async (req) => {
        await signup.addEmail(await requestContext(deps, req), signedIn(req), req.body.email);
        return OK;
      },
    );

    app.post(
      "/v2/mobile/email/verify/resend",
      {
        schema: {
          operationId: "resendEmail",
          tags: ["sign-up"],
          security: bearerSecurity,
          response: { 200: resultSchema, ...errors },
        },
        preHandler: authenticate(deps),
      },
      async (req) => {
        await signup.resendEmail(await requestContext(deps, req), signedIn(req));
        return OK;
      },
    );

    app.get(
      "/v2/mobile/email/confirm",
      {
        schema: {
          operationId: "confirmEmail",
          tags: ["sign-up"],
          description:
            "The email link's target. A browser (Accept: text/html) is sent on to the web app afterwards.",
          querystring: emailConfirmQuery,
          response: { 200: resultSchema, 302: z.null(), ...errors },
        },
      },
      async (req, reply) => {
        const merchant = await requestMerchant(deps, req);
        const wantsPage = String(req.headers.accept ?? "").includes("text/html");
        try {
          await signup.confirmEmail(merchant.id, req.query.email, req.query.token);
        } catch (e) {
          if (wantsPage) return reply.redirect("/?emailConfirmed=0", 302);
          throw e;
        }
        if (wantsPage) return reply.redirect("/?emailConfirmed=1", 302);
        return { result: "CONFIRMED" };
      },
    );

    app.post(
      "/v1/referral",
      {
        schema: {
          operationId: "setReferralCode",
          tags: ["sign-up"],
          security: bearerSecurity,
          body: referralBody,
          response: { 200: resultSchema, ...errors },
        },
        preHandler: authenticate(deps),
      },
      async (req) => {
        await signup.setReferralCode(signedIn(req), req.body.code);
        return OK;
      },
    );
  };
