import { createHmac, randomInt } from "node:crypto";
import {
  type CaptchaChallenge,
  solvedCaptchaToken,
} from "../../apps/server/src/modules/captcha/captcha.test-helpers.ts";

/**
 * A customer signed up over HTTP against a running product in sandbox mode (captcha solved,
 * SMS code read from the sandbox outbox), with an email and a complete profile so sign-in lands
 * on home. For `npm run bench:web`; the browser suite has its own (e2e/accounts-support.ts).
 */
export async function signedUpCustomer(baseUrl: string) {
  const merchant = (
    await json<{ data: { merchantBackendId: string; requestSigningKey: string } }>(
      await fetch(`${baseUrl}/web/info?locale=en&variant=merchantData`),
    )
  ).data;
  const phone = `49151${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
  const password = `pw${randomInt(100_000, 999_999)}x`;
  const deviceId = crypto.randomUUID();
  const headers = {
    "content-type": "application/json",
    "x-merchant-id": merchant.merchantBackendId,
    "x-deviceid": deviceId,
  };

  const captcha = solvedCaptchaToken(
    await json<CaptchaChallenge>(await fetch(`${baseUrl}/api/captcha/challenge`)),
  );
  await json(
    await fetch(`${baseUrl}/api/captcha?token=${encodeURIComponent(captcha)}`, {
      method: "POST",
      headers: { "x-merchant-id": merchant.merchantBackendId },
    }),
  );
  const fingerprint = "bench-fingerprint";
  await json(
    await fetch(`${baseUrl}/v2/mobile/signup`, {
      method: "POST",
      headers: {
        ...headers,
        "x-fingerprint": fingerprint,
        "x-signature": createHmac("sha256", merchant.requestSigningKey)
          .update(fingerprint + phone + password)
          .digest("hex"),
        "x-captcha-token": captcha,
      },
      body: JSON.stringify({ phone, password }),
    }),
  );
  const smsCode = await firstCode(baseUrl, phone);
  const tokens = await json<{ access_token: string }>(
    await fetch(`${baseUrl}/v2/mobile/phone/confirm`, {
      method: "POST",
      headers,
      body: JSON.stringify({ phone, smsCode }),
    }),
  );
  const signedIn = { ...headers, authorization: `Bearer ${tokens.access_token}` };
  await json(
    await fetch(`${baseUrl}/v2/mobile/email/add`, {
      method: "PUT",
      headers: signedIn,
      body: JSON.stringify({ email: `${phone}@example.com` }),
    }),
  );
  await json(
    await fetch(`${baseUrl}/v2/customer/profile`, {
      method: "PATCH",
      headers: signedIn,
      body: JSON.stringify({
        firstName: "Ada",
        lastName: "Lovelace",
        dateOfBirth: "1990-12-10",
        residenceCountry: "DE",
        residenceCity: "Berlin",
        residenceStreet: "Hauptstraße 1",
      }),
    }),
  );
  return { phone, password, deviceId };
}

async function firstCode(baseUrl: string, phone: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const texts = await json<{ data: Array<{ body: string }> }>(
      await fetch(`${baseUrl}/sandbox/sms?phone=${phone}`),
    );
    const code = /\b(\d{4})\b/.exec(texts.data[0]?.body ?? "")?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code reached ${phone}`);
}

async function json<T = unknown>(response: Response): Promise<T> {
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${body}`);
  return JSON.parse(body) as T;
}
