import { z } from "zod";
import { normalizePhone } from "../customers/index.ts";
import { passwordSchema } from "./passwords.ts";

/** Digits only (spec §5); normalised to E.164 digits, and the country it belongs to. */
export const phoneSchema = z
  .string()
  .max(20)
  .transform((value, ctx) => {
    const n = normalizePhone(value);
    if (!n) {
      ctx.addIssue({ code: "custom", message: "must be a valid phone number, digits with the country code" });
      return z.NEVER;
    }
    return n;
  });

const smsCodeSchema = z.string().regex(/^\d{4}$/, "must be 4 digits");

export const signupBody = z.object({
  phone: phoneSchema,
  password: passwordSchema,
  analyticsCallback: z.string().max(500).optional(),
});
export const phoneConfirmBody = z.object({
  phone: phoneSchema,
  smsCode: smsCodeSchema,
  fingerprint: z.string().max(512).optional(),
});
export const phoneOnlyBody = z.object({ phone: phoneSchema });
export const resetCodeBody = z.object({ phone: phoneSchema, code: smsCodeSchema });
export const resetConfirmBody = z.object({
  phone: phoneSchema,
  code: smsCodeSchema,
  password: passwordSchema,
});
export const passwordChangeBody = z.object({
  currentPassword: z.string().min(1).max(128),
  newPassword: passwordSchema,
});
export const emailAddBody = z.object({ email: z.email("must be an email address").max(254) });
export const emailConfirmQuery = z.object({
  email: z.email("must be an email address").max(254),
  event: z.string().max(64),
  token: z.string().min(20).max(200),
});
export const referralBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,16}$/, "must be 4 to 16 letters or digits"),
});

/** POST /oauth/token is a form (OAuth 2 style): one of two grants. */
export const tokenForm = z.discriminatedUnion("grant_type", [
  z.object({
    grant_type: z.literal("mobile_phone"),
    number: phoneSchema,
    password: z.string().min(1).max(128),
    merchantId: z.uuid().optional(),
    fingerprint: z.string().max(512).optional(),
  }),
  z.object({
    grant_type: z.literal("refresh_token"),
    refresh_token: z
      .string()
      .min(20)
      .max(200)
      .optional()
      .describe("Omitted by the web app: the HttpOnly cookie carries it"),
  }),
]);

export const tokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal("bearer"),
    refresh_token: z.string().optional().describe("Only for clients without cookies (no Origin header)"),
    expires_in: z.number().int(),
    scope: z.string(),
    jti: z.string(),
  })
  .meta({ id: "TokenSet" });

export const tokenInfoResponse = z
  .object({
    active: z.literal(true),
    customerId: z.uuid(),
    merchantId: z.uuid(),
    kycLevel: z.string(),
    expires_in: z.number().int(),
  })
  .meta({ id: "TokenInfo" });

/** Headers of the public calls: merchant, device and the request signature. */
export const publicHeaders = z.object({
  "x-merchant-id": z.string().optional(),
  "x-fingerprint": z.string().max(512).optional(),
  "x-signature": z.string().max(128).optional(),
  "x-deviceid": z.string().max(128).optional(),
  "x-version": z.string().max(32).optional(),
});
