import { z } from "zod";
import { OPERATOR_ROLES } from "../../db/schema/index.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import { PERMISSIONS } from "./permissions.ts";

export const signInBody = z
  .object({
    email: z.string().trim().min(3).max(254),
    password: z.string().min(1).max(128),
  })
  .meta({ id: "OperatorSignIn" });

export const totpBody = z
  .object({ code: z.string().regex(/^\d{6}$/, "must be 6 digits") })
  .meta({ id: "OperatorTotp" });

export const signInResponse = z
  .object({
    next: z.literal("TOTP"),
    csrfToken: z.string().describe("Send it as X-CSRF-Token on every call that changes something"),
  })
  .meta({ id: "OperatorSignInStep" });

export const signedInResponse = z
  .object({
    csrfToken: z
      .string()
      .describe(
        "The signed-in session's token (the one of step one no longer holds): send it as X-CSRF-Token",
      ),
  })
  .meta({ id: "OperatorSignedIn" });

const operatorSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: z.enum(OPERATOR_ROLES),
    merchantId: z.uuid().nullable().describe("Null: a platform admin, every merchant"),
    permissions: z.array(z.enum(PERMISSIONS)),
    passwordChangeRequired: z
      .boolean()
      .describe("The one-time password must be changed (POST /admin/v1/auth/password) before anything else"),
  })
  .meta({ id: "Operator" });

export const passwordChangeBody = z
  .object({
    currentPassword: z.string().min(1).max(128),
    newPassword: z.string().min(12, "must be at least 12 characters").max(128),
  })
  .meta({ id: "OperatorPasswordChange" });

export const operatorParams = z.object({ operatorId: z.uuid() });

export const disableBody = z
  .object({ reason: z.string().trim().min(1).max(1000).describe("For the audit trail") })
  .meta({ id: "OperatorDisable" });

const managedOperator = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: z.enum(OPERATOR_ROLES),
    merchantId: z.uuid().nullable(),
    passwordChangeRequired: z.boolean(),
    disabledAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "ManagedOperator" });

export const operatorsResponse = z.object({ operators: z.array(managedOperator) }).meta({ id: "Operators" });

export const meResponse = z
  .object({
    operator: operatorSchema,
    csrfToken: z.string(),
    merchants: z
      .array(z.object({ id: z.uuid(), title: z.string() }))
      .describe("The merchants this operator may act on (a platform admin picks one with X-Merchant-ID)"),
  })
  .meta({ id: "OperatorMe" });

/** The error statuses every /admin/v1/ route documents (the back-office routes share them). */
export const adminErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
};
