import { createHmac, randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { inject } from "vitest";
import {
  type CaptchaChallenge,
  solvedCaptchaToken,
} from "../apps/server/src/modules/captcha/captcha.test-helpers.ts";
import { baseUrl, openPage, screenshot, VIEWPORTS } from "./browser.ts";

// Helpers of the accounts suite: customers made over HTTP (as apps/server's auth.test-helpers
// do), codes read from the sandbox outbox, and every secret used, for the log scan.

export const NIMBUS_MERCHANT_ID = "0193a9e0-0000-7000-8000-000000000002";
/** The second merchant's host; Chromium resolves *.localhost to this machine. */
export const nimbusUrl = () => baseUrl().replace("//localhost", "//nimbus.localhost");

/** Passwords and tokens the suite used: none of them may appear in the server's log. */
export const usedSecrets = new Set<string>();
/** The SMS codes the suite read: 4 digits, so the scan looks for them as whole words. */
const usedCodes = new Set<string>();
const remember = (...values: Array<string | undefined>) => {
  for (const value of values) if (value) usedSecrets.add(value);
};

/** A fresh German mobile number (0151 range): 49151 and 8 random digits. */
export const newPhone = () => `49151${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
/** The number as a customer types it after picking +49. */
export const nationalNumber = (phone: string) => phone.slice(2);
export const newPassword = () => {
  const password = `pw${randomInt(100_000, 999_999)}x`;
  remember(password);
  return password;
};

async function json<T>(response: Response): Promise<T> {
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${body}`);
  return JSON.parse(body) as T;
}

async function sandboxSms(phone: string): Promise<string[]> {
  const answer = await json<{ data: Array<{ body: string }> }>(
    await fetch(`${baseUrl()}/sandbox/sms?phone=${phone}`),
  );
  return answer.data.map((sms) => sms.body);
}

/** How many texts a phone has had; pass it to `nextCode` before the action that sends one. */
export const smsCount = async (phone: string) => (await sandboxSms(phone)).length;

/** The code of the first text beyond `seen`, waiting for it to arrive. */
export async function nextCode(phone: string, seen: number): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const texts = await sandboxSms(phone);
    const code = texts.length > seen ? /\b(\d{4})\b/.exec(texts[0] ?? "")?.[1] : undefined;
    if (code) {
      usedCodes.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no new code reached ${phone}`);
}

type TokenSet = { access_token: string; refresh_token?: string; expires_in: number };
type Profile = { ownReferralCode: string; referralCode?: string; email?: string };

export const COMPLETE_PROFILE = {
  firstName: "Ada",
  lastName: "Lovelace",
  dateOfBirth: "1990-12-10",
  residenceCountry: "DE",
  residenceCity: "Berlin",
  residenceStreet: "Hauptstraße 1",
};

/** A customer made through the API, the way the web app calls it, confirmed on `deviceId`. */
export async function registerCustomer(
  options: {
    merchantId?: string;
    email?: boolean;
    referralCode?: string;
    profile?: Partial<typeof COMPLETE_PROFILE>;
    /** A number chosen by the test (money may be waiting for it); else a fresh one. */
    phone?: string;
  } = {},
) {
  const merchantHeader: Record<string, string> = options.merchantId
    ? { "x-merchant-id": options.merchantId }
    : {};
  const merchant = (
    await json<{ data: { merchantBackendId: string; requestSigningKey: string } }>(
      await fetch(`${baseUrl()}/web/info?locale=en&variant=merchantData`, { headers: merchantHeader }),
    )
  ).data;
  const phone = options.phone ?? newPhone();
  const password = newPassword();
  const deviceId = crypto.randomUUID();
  const fingerprint = "e2e-fingerprint";
  const headers = {
    "content-type": "application/json",
    "x-merchant-id": merchant.merchantBackendId,
    "x-deviceid": deviceId,
  };

  const captcha = solvedCaptchaToken(
    await json<CaptchaChallenge>(await fetch(`${baseUrl()}/api/captcha/challenge`)),
  );
  await json(
    // No body, so no content type: the server would read an empty JSON body as malformed.
    await fetch(`${baseUrl()}/api/captcha?token=${encodeURIComponent(captcha)}`, {
      method: "POST",
      headers: { "x-merchant-id": merchant.merchantBackendId },
    }),
  );

  const seen = await smsCount(phone);
  await json(
    await fetch(`${baseUrl()}/v2/mobile/signup`, {
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
  const smsCode = await nextCode(phone, seen);
  const tokens = await json<TokenSet>(
    await fetch(`${baseUrl()}/v2/mobile/phone/confirm`, {
      method: "POST",
      headers,
      body: JSON.stringify({ phone, smsCode }),
    }),
  );
  remember(tokens.access_token, tokens.refresh_token);
  const signedIn = { ...headers, authorization: `Bearer ${tokens.access_token}` };
  if (options.email) {
    const email = `${phone}@example.com`;
    await json(
      await fetch(`${baseUrl()}/v2/mobile/email/add`, {
        method: "PUT",
        headers: signedIn,
        body: JSON.stringify({ email }),
      }),
    );
  }
  if (options.referralCode) {
    await json(
      await fetch(`${baseUrl()}/v1/referral`, {
        method: "POST",
        headers: signedIn,
        body: JSON.stringify({ code: options.referralCode }),
      }),
    );
  }
  if (options.profile) {
    await json(
      await fetch(`${baseUrl()}/v2/customer/profile`, {
        method: "PATCH",
        headers: signedIn,
        body: JSON.stringify(options.profile),
      }),
    );
  }
  const profile = await json<Profile>(await fetch(`${baseUrl()}/v2/customer/profile`, { headers: signedIn }));
  return { phone, password, deviceId, profile };
}

/**
 * A browser context at `viewport`; with `deviceId` the browser already holds a device id the
 * server has confirmed (so sign-in asks no device code). Tokens it receives are remembered.
 */
export async function openApp(
  browser: Browser,
  options: { viewport?: keyof typeof VIEWPORTS; deviceId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPage(browser, { viewport: options.viewport ?? "mobile" });
  if (options.deviceId) {
    await context.addInitScript((id) => localStorage.setItem("kestrel.deviceId", id), options.deviceId);
  }
  watchTokens(page);
  return { context, page };
}

/** Remembers the access tokens a page receives and the refresh cookie of its context. */
export function watchTokens(page: Page) {
  page.on("response", async (response) => {
    const url = new URL(response.url());
    if (
      !["/oauth/token", "/v2/mobile/phone/confirm", "/v2/mobile/password/reset/confirm"].includes(
        url.pathname,
      )
    )
      return;
    if (response.request().method() !== "POST" || !response.ok()) return;
    const body = (await response.json().catch(() => ({}))) as Partial<TokenSet>;
    remember(body.access_token, body.refresh_token);
    // A response may still arrive while its test closes the context: then there is no cookie
    // left to read, and the read must not fail the run as an unhandled rejection.
    const cookies = await page
      .context()
      .cookies()
      .catch(() => []);
    for (const cookie of cookies) if (cookie.name === "kestrel_rt") remember(cookie.value);
  });
}

/** Types the digits of a code into the one-time-code boxes (the first box has the focus). */
export async function typeCode(page: Page, code: string) {
  await page.getByRole("textbox", { name: "Character 1 of 4" }).click();
  await page.keyboard.type(code);
}

export async function signInWith(page: Page, phone: string, password: string) {
  await page.getByLabel("Phone number").fill(`+${phone}`);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A screenshot at both reviewed sizes (390x844 and 1440x900), back at the first one after. */
export async function screenshotBoth(page: Page, name: string) {
  const before = page.viewportSize();
  for (const viewport of ["mobile", "desktop"] as const) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    await page.waitForTimeout(100);
    await screenshot(page, `accounts-${name}-${viewport}`);
  }
  if (before) await page.setViewportSize(before);
}

/**
 * The passwords, tokens and codes this test file used that appear in the product's log. A code
 * leaks as a string ("1234"), in a query or form (=1234) or in a text (is 1234.); a JSON number
 * such as "responseTime":1234 is not a code.
 */
export function secretsFoundInLog(): string[] {
  const log = readFileSync(inject("e2eLogFile"), "utf8");
  if (usedSecrets.size < 5 || usedCodes.size < 3) throw new Error("the scan has too little to look for");
  const leaked = [...usedSecrets].filter((secret) => log.includes(secret));
  const leakedCodes = [...usedCodes].filter((code) => new RegExp(`(?<![\\w.:-])${code}(?!\\w)`).test(log));
  return [...leaked, ...leakedCodes];
}

/**
 * For any browser test that needs the signed-in app (every page but the sign-in style ones): a
 * new customer with a complete profile, signed in on a confirmed device, on the home page.
 */
export async function openSignedIn(browser: Browser, options: { viewport?: keyof typeof VIEWPORTS } = {}) {
  const customer = await registerCustomer({ email: true, profile: COMPLETE_PROFILE });
  const opened = await openApp(browser, { deviceId: customer.deviceId, viewport: options.viewport });
  await opened.page.goto(`${baseUrl()}/sign-in`);
  await signInWith(opened.page, customer.phone, customer.password);
  await opened.page.getByRole("heading", { name: "Home", level: 1 }).waitFor();
  return { ...opened, customer };
}
