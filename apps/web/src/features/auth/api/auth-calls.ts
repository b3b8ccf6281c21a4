import type { AccessGrant } from "@kestrel/api-client";
import { unwrap } from "@kestrel/api-client";
import type { MerchantData } from "../../../lib/config-service/schemas.ts";
import { deviceId, signedHeaders } from "../../../lib/session/device-identity.ts";
import type { WebSession } from "../../../lib/session/web-session.ts";

// The accounts calls of spec §7 as the server documents them (docs/accounts.md): public calls
// carry the merchant and device, the signed ones also the fingerprint and X-Signature.

type Api = WebSession["api"];
type Merchant = Pick<MerchantData, "merchantBackendId" | "requestSigningKey">;

const deviceHeaders = (merchant: Merchant) => ({
  "x-merchant-id": merchant.merchantBackendId,
  "x-deviceid": deviceId(),
});

export async function signUp(
  api: Api,
  merchant: Merchant,
  input: { phone: string; password: string },
  captchaToken: string,
) {
  const headers = await signedHeaders(merchant, input.phone, input.password);
  return unwrap(
    api.POST("/v2/mobile/signup", { body: input, headers: { ...headers, "x-captcha-token": captchaToken } }),
  );
}

export const confirmPhone = (api: Api, merchant: Merchant, phone: string, smsCode: string) =>
  unwrap(
    api.POST("/v2/mobile/phone/confirm", { body: { phone, smsCode }, headers: deviceHeaders(merchant) }),
  );

export async function resendPhoneCode(api: Api, merchant: Merchant, phone: string) {
  const headers = await signedHeaders(merchant, phone);
  return unwrap(api.POST("/v2/mobile/phone/verify/resend", { body: { phone }, headers }));
}

/**
 * POST /oauth/token, grant mobile_phone, as a form. A device this customer has not confirmed is
 * answered 403 DEVICE_CONFIRMATION_REQUIRED with a code by SMS; the same call with the code in
 * X-Confirmation-Code then signs in.
 */
export async function signIn(
  api: Api,
  merchant: Merchant,
  input: { phone: string; password: string },
  confirmationCode?: string,
): Promise<AccessGrant> {
  const headers: Record<string, string> = {
    ...(await signedHeaders(merchant, input.phone, input.password)),
    "content-type": "application/x-www-form-urlencoded",
  };
  if (confirmationCode) headers["x-confirmation-code"] = confirmationCode;
  return unwrap(
    api.POST("/oauth/token", {
      body: { grant_type: "mobile_phone", number: input.phone, password: input.password },
      bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString(),
      headers,
    }),
  );
}

export async function startPasswordReset(api: Api, merchant: Merchant, phone: string) {
  const headers = await signedHeaders(merchant, phone);
  return unwrap(api.POST("/v2/mobile/password/reset", { body: { phone }, headers }));
}

export const checkPasswordResetCode = (api: Api, merchant: Merchant, phone: string, code: string) =>
  unwrap(
    api.POST("/v2/mobile/password/reset/confirm/code", {
      body: { phone, code },
      headers: deviceHeaders(merchant),
    }),
  );

/** Sets the new password; the server ends every other session and signs this device in. */
export const confirmPasswordReset = (
  api: Api,
  merchant: Merchant,
  input: { phone: string; code: string; password: string },
) => unwrap(api.POST("/v2/mobile/password/reset/confirm", { body: input, headers: deviceHeaders(merchant) }));

export const addEmail = (api: Api, email: string) =>
  unwrap(api.PUT("/v2/mobile/email/add", { body: { email } }));

export const setReferralCode = (api: Api, code: string) =>
  unwrap(api.POST("/v1/referral", { body: { code } }));

/** PUT /v2/mobile/password/change: the current password proves it is the customer. */
export const changePassword = (api: Api, currentPassword: string, newPassword: string) =>
  unwrap(api.PUT("/v2/mobile/password/change", { body: { currentPassword, newPassword } }));

/** POST /v2/mobile/email/verify/resend: the confirmation link again, to the email on file. */
export const resendEmailConfirmation = (api: Api) => unwrap(api.POST("/v2/mobile/email/verify/resend"));

/**
 * POST /v2/security/not-me: the alert link's token signs out every session and starts a password
 * reset; answers the phone the reset code went to.
 */
export const securityNotMe = (api: Api, merchant: Merchant, token: string) =>
  unwrap(
    api.POST("/v2/security/not-me", {
      body: { token },
      headers: { "x-merchant-id": merchant.merchantBackendId },
    }),
  );
