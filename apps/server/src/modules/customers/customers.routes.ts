import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorResponses } from "../../http/error-body.ts";
import { customerMerchant } from "../../http/request-merchant.ts";
import { resultSchema } from "../../http/result.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import type { Merchant } from "../merchants/index.ts";
import {
  answersBody,
  answersResponse,
  devicePush,
  profilePatch,
  profileResponse,
  taxUpdate,
} from "./customers.schemas.ts";
import type { Customer } from "./customers.service.ts";

const errors = errorResponses(400, 401, 404);

/** The signed-in customer's profile, tax data, stored answers and push settings. */
export const customersRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { customers } = deps.services;
    const guard = { preHandler: authenticate(deps) };

    app.get(
      "/v2/customer/profile",
      {
        schema: {
          operationId: "getProfile",
          tags: ["customer"],
          security: bearerSecurity,
          response: { 200: profileResponse, ...errors },
        },
        ...guard,
      },
      async (req) => {
        const c = signedIn(req);
        const merchant = await customerMerchant(deps, c.merchantId);
        return toProfile(await customers.getCustomer(c.merchantId, c.customerId), merchant);
      },
    );

    app.patch(
      "/v2/customer/profile",
      {
        schema: {
          operationId: "updateProfile",
          tags: ["customer"],
          security: bearerSecurity,
          body: profilePatch,
          response: { 200: profileResponse, ...errors },
        },
        ...guard,
      },
      async (req) => {
        const c = signedIn(req);
        const merchant = await customerMerchant(deps, c.merchantId);
        return toProfile(await customers.updateProfile(merchant, c.customerId, req.body), merchant);
      },
    );

    app.put(
      "/v1/customer/profile/tax",
      {
        schema: {
          operationId: "updateTax",
          tags: ["customer"],
          security: bearerSecurity,
          body: taxUpdate,
          response: { 200: profileResponse, ...errors },
        },
        ...guard,
      },
      async (req) => {
        const c = signedIn(req);
        const merchant = await customerMerchant(deps, c.merchantId);
        return toProfile(await customers.updateCustomer(c.merchantId, c.customerId, req.body), merchant);
      },
    );

    app.get(
      "/v2/customer/profile/answers",
      {
        schema: {
          operationId: "getAnswers",
          tags: ["customer"],
          description:
            "What the customer answered once (the personal questionnaire, the billing address), to prefill every flow that asks it again.",
          security: bearerSecurity,
          response: { 200: answersResponse, ...errors },
        },
        ...guard,
      },
      async (req) => {
        const c = signedIn(req);
        return customers.answers(c.merchantId, c.customerId);
      },
    );

    app.put(
      "/v2/customer/profile/answers",
      {
        schema: {
          operationId: "changeAnswers",
          tags: ["customer"],
          description: "Changes the stored answers; a part left out is kept.",
          security: bearerSecurity,
          body: answersBody,
          response: { 200: answersResponse, ...errors },
        },
        ...guard,
      },
      async (req) => {
        const c = signedIn(req);
        return customers.changeAnswers(c.merchantId, c.customerId, req.body);
      },
    );

    app.put(
      "/v1/customer/device/push",
      {
        schema: {
          operationId: "setDevicePush",
          tags: ["customer"],
          security: bearerSecurity,
          body: devicePush,
          response: { 200: resultSchema, ...errors },
        },
        ...guard,
      },
      async (req) => {
        const c = signedIn(req);
        await customers.setDevicePush(
          c.merchantId,
          c.customerId,
          req.body.deviceId,
          req.body.state === "ENABLED",
          req.body.deviceToken,
        );
        return { result: req.body.state };
      },
    );
  };

/** The profile as the reference API shapes it: null fields are left out. */
function toProfile(c: Customer, merchant: Merchant) {
  const optional = {
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    residenceCountry: c.residenceCountry,
    residenceStreet: c.residenceStreet,
    residenceCity: c.residenceCity,
    dateOfBirth: c.dateOfBirth,
    referralCode: c.referralCode,
    taxId: c.taxId,
    taxCountry: c.taxCountry,
  };
  const present = Object.fromEntries(
    Object.entries(optional).filter(([, v]) => v !== null && v !== undefined),
  );
  return {
    customerId: c.id,
    phone: c.phone,
    confirmedEmail: c.emailConfirmed,
    ownReferralCode: c.ownReferralCode,
    referralCodeRequired: merchant.referralCodeRequired,
    completedKycLevel: c.kycLevel,
    pushEnabled: c.pushEnabled,
    ...present,
  };
}
