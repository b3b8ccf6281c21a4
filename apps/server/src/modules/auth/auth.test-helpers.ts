import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { TestDatabase } from "../../db/test-database.ts";
import { solvedCaptchaToken } from "../captcha/captcha.test-helpers.ts";
import { DEMO_MERCHANT_ID } from "../merchants/index.ts";
import { computeSignature } from "./signature.ts";

/**
 * The headers the web app sends with an access token: the bearer and its merchant (the app sends
 * X-Merchant-ID on every call, and a token is refused on another merchant's host). A token that
 * names no merchant (a widget token) goes alone.
 */
export function bearerHeaders(token: string): Record<string, string> {
  const payload = (() => {
    try {
      return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { mid?: unknown };
    } catch {
      return {};
    }
  })();
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (typeof payload.mid === "string") headers["x-merchant-id"] = payload.mid;
  return headers;
}

/** Drives the accounts flows through HTTP the way the web app does, for tests. */
export function accountsDriver(app: FastifyInstance, database: TestDatabase, merchantId = DEMO_MERCHANT_ID) {
  const fingerprint = "test-fingerprint";
  let signingKey: string | undefined;
  const key = async () => {
    if (!signingKey) {
      const { rows } = await database.pool.query<{ signing_key: string }>(
        "select signing_key from merchants where id = $1",
        [merchantId],
      );
      signingKey = rows[0]?.signing_key ?? "";
    }
    return signingKey;
  };
  const signed = async (phone: string, password?: string) => ({
    "x-merchant-id": merchantId,
    "x-fingerprint": fingerprint,
    "x-signature": computeSignature(await key(), { fingerprint, phone, password }),
  });

  const driver = {
    signed,
    async captchaToken(): Promise<string> {
      const token = solvedCaptchaToken((await app.inject({ url: "/api/captcha/challenge" })).json());
      const verified = await app.inject({
        method: "POST",
        url: `/api/captcha?token=${encodeURIComponent(token)}`,
        headers: { "x-merchant-id": merchantId },
      });
      if (!verified.json().data.success) throw new Error("captcha not accepted");
      return token;
    },
    signUp: async (phone: string, password: string, extra: Record<string, string> = {}) =>
      app.inject({
        method: "POST",
        url: "/v2/mobile/signup",
        headers: {
          ...(await signed(phone, password)),
          "x-captcha-token": await driver.captchaToken(),
          ...extra,
        },
        payload: { phone, password },
      }),
    /** The newest code texted to a phone, read from the sandbox outbox. */
    async lastCode(phone: string): Promise<string> {
      const sms = (await app.inject({ url: `/sandbox/sms?phone=${phone}` })).json().data;
      const code = /\b(\d{4})\b/.exec(sms[0]?.body ?? "")?.[1];
      if (!code) throw new Error(`no code sent to ${phone}`);
      return code;
    },
    confirmPhone: (phone: string, smsCode: string, deviceId = "device-1") =>
      app.inject({
        method: "POST",
        url: "/v2/mobile/phone/confirm",
        headers: { "x-merchant-id": merchantId, "x-deviceid": deviceId },
        payload: { phone, smsCode },
      }),
    /** A confirmed customer, signed in on `deviceId`: answers the token set. */
    async register(phone: string, password = "secret1", deviceId = "device-1") {
      const res = await driver.signUp(phone, password);
      if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
      const confirmed = await driver.confirmPhone(phone, await driver.lastCode(phone), deviceId);
      if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
      return confirmed.json() as { access_token: string; refresh_token: string; expires_in: number };
    },
    signIn: async (phone: string, password: string, deviceId: string, code?: string) =>
      app.inject({
        method: "POST",
        url: "/oauth/token",
        headers: {
          ...(await signed(phone, password)),
          "x-deviceid": deviceId,
          "content-type": "application/x-www-form-urlencoded",
          ...(code ? { "x-confirmation-code": code } : {}),
        },
        payload: new URLSearchParams({ grant_type: "mobile_phone", number: phone, password }).toString(),
      }),
    refresh: (refreshToken: string) =>
      app.inject({
        method: "POST",
        url: "/oauth/token",
        headers: { "x-merchant-id": merchantId, "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }).toString(),
      }),
    bearer: bearerHeaders,
  };
  return driver;
}

/** A fresh valid German mobile number (0151 range) for each test. */
export function newPhone(): string {
  const digits = Number.parseInt(randomUUID().replaceAll("-", "").slice(0, 8), 16) % 100_000_000;
  return `49151${String(digits).padStart(8, "0")}`;
}
