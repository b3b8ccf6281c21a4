import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorResponses } from "../../http/error-body.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import { kycDataResponse, limitRequestResponse, limitsResponse, startResponse } from "./kyc.schemas.ts";
import { authenticateKycCaller, kycCaller } from "./kyc-auth.ts";

const errors = errorResponses(400, 401, 404, 409);
/** Calls that hand an application to the review provider: 503 while none is configured. */
const toReview = errorResponses(400, 401, 404, 409, 503);
const tags = ["kyc"];

/** Verification status, the widget's start and submit, limit increases, and limits. */
export const kycRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { kyc } = deps.services;
    const session = { preHandler: authenticate(deps) };
    const widgetOrSession = { preHandler: authenticateKycCaller(deps) };
    const noStore = { "cache-control": "no-store" };

    app.get(
      "/v2/customer/kyc/data",
      {
        schema: {
          operationId: "getKycData",
          tags,
          description:
            "Level and status (spec §3), per level as the reference's kycNClientData. Widget or access token.",
          security: bearerSecurity,
          response: { 200: kycDataResponse, ...errors },
        },
        ...widgetOrSession,
      },
      async (req, reply) => {
        const c = kycCaller(req);
        reply.headers(noStore);
        return kyc.getKycData(c.merchantId, c.customerId);
      },
    );

    app.post(
      "/v5/kyc/start",
      {
        schema: {
          operationId: "startKyc",
          tags,
          description:
            "A short-lived token for the verification widget (its approval reaches KYC_2). Needs a complete profile.",
          security: bearerSecurity,
          response: { 200: startResponse, ...errors },
        },
        ...session,
      },
      async (req, reply) => {
        const c = signedIn(req);
        reply.headers(noStore);
        return { data: await kyc.startWidget(c.merchantId, c.customerId) };
      },
    );

    app.post(
      "/v5/kyc/submit",
      {
        schema: {
          operationId: "submitKyc",
          tags,
          description:
            "Sends the uploaded documents to review: an identity document (front, and back unless a passport) and a selfie.",
          security: bearerSecurity,
          response: { 200: kycDataResponse, ...toReview },
        },
        ...widgetOrSession,
      },
      async (req) => {
        const c = kycCaller(req);
        return kyc.submitWidget(c.merchantId, c.customerId);
      },
    );

    // Spec §7 names both calls; with two levels (docs/kyc.md "Levels") both ask for higher limits.
    for (const [url, operationId] of [
      ["/v2/customer/kyc3/start", "startKyc3"],
      ["/v4/kyc/sumsub/start", "startKycSumsub"],
    ] as const) {
      app.post(
        url,
        {
          schema: {
            operationId,
            tags,
            description:
              "Limit increase (spec §4, needs KYC_2): stored UNDER_REVIEW for operators to decide. While one is open, answers it instead of making another.",
            security: bearerSecurity,
            response: { 200: limitRequestResponse, ...errors },
          },
          ...session,
        },
        async (req, reply) => {
          const c = signedIn(req);
          reply.headers(noStore);
          return {
            result: "OK" as const,
            request: await kyc.requestLimitIncrease(c.merchantId, c.customerId),
          };
        },
      );
    }

    app.get(
      "/v1/kyc/limits",
      {
        schema: {
          operationId: "getKycLimits",
          tags,
          description:
            "Per operation: limits at the customer's level (per transaction, 24 hours, 30 days), used, remaining, and every level's limits.",
          security: bearerSecurity,
          response: { 200: limitsResponse, ...errors },
        },
        ...session,
      },
      async (req, reply) => {
        const c = signedIn(req);
        reply.headers(noStore);
        return kyc.listLimits(c.merchantId, c.customerId);
      },
    );
  };
