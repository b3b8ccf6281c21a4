import { createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Browser, FrameLocator, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { COMPLETE_PROFILE, registerCustomer, usedSecrets } from "./accounts-support.ts";
import { baseUrl, openPage, SCREENSHOT_DIR } from "./browser.ts";

// Helpers of the KYC suites: customers with a complete profile and tokens, fixture photos, and
// the sandbox host page that mounts the widget through the SDK.

export const DEMO_MERCHANT_ID = "0193a9e0-0000-7000-8000-000000000001";

/** The host page on the second merchant's host: a merchant page framing the widget across origins. */
const hostPageUrl = () => `${baseUrl().replace("//localhost", "//nimbus.localhost")}/sandbox/kyc-host`;

async function json<T>(response: Response): Promise<T> {
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${body}`);
  return JSON.parse(body) as T;
}

/**
 * A demo-merchant customer with a complete profile (KYC_0), signed in over HTTP: a refresh
 * token for the host page, and `signIn` for more. `lastName` drives the sandbox reviewer.
 */
export async function verifyingCustomer(lastName = "Lovelace", phone?: string) {
  const customer = await registerCustomer({
    profile: { ...COMPLETE_PROFILE, lastName },
    ...(phone ? { phone } : {}),
  });
  const merchant = (
    await json<{ data: { requestSigningKey: string } }>(
      await fetch(`${baseUrl()}/web/info?locale=en&variant=merchantData`, {
        headers: { "x-merchant-id": DEMO_MERCHANT_ID },
      }),
    )
  ).data;
  const fingerprint = "e2e-fingerprint";
  const signIn = async () => {
    const tokens = await json<{ access_token: string; refresh_token: string }>(
      await fetch(`${baseUrl()}/oauth/token`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-merchant-id": DEMO_MERCHANT_ID,
          "x-deviceid": customer.deviceId,
          "x-fingerprint": fingerprint,
          "x-signature": createHmac("sha256", merchant.requestSigningKey)
            .update(fingerprint + customer.phone + customer.password)
            .digest("hex"),
        },
        body: new URLSearchParams({
          grant_type: "mobile_phone",
          number: customer.phone,
          password: customer.password,
        }),
      }),
    );
    for (const secret of [tokens.access_token, tokens.refresh_token]) usedSecrets.add(secret);
    return tokens;
  };
  const { refresh_token: refreshToken } = await signIn();
  return { ...customer, refreshToken, signIn };
}

type SignsIn = { signIn: () => Promise<{ access_token: string }> };

/** A signed-in call of the customer's (JSON or a form), after a fresh sign-in; fails unless 2xx. */
export async function customerCall(
  customer: SignsIn,
  method: string,
  route: string,
  body?: FormData | object,
) {
  const { access_token: token } = await customer.signIn();
  const isJson = body !== undefined && !(body instanceof FormData);
  const response = await fetch(`${baseUrl()}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(isJson ? { "content-type": "application/json" } : {}) },
    body: isJson ? JSON.stringify(body) : body,
  });
  if (!response.ok)
    throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
}

/** Sends an ID card (front, back) and a selfie over HTTP and submits them for review. */
export async function sendIdentityDocuments(customer: SignsIn): Promise<void> {
  for (const [docType, photo] of [
    ["ID_CARD_FRONT", "id-card-front"],
    ["ID_CARD_BACK", "id-card-back"],
    ["SELFIE", "selfie"],
  ] as const) {
    const file = fixturePhoto(photo);
    const form = new FormData();
    form.append("image", new Blob([file.buffer], { type: file.mimeType }), file.name);
    const query = docType === "SELFIE" ? "" : "&issuedDate=2021-03-04&issuedCountry=DE";
    await customerCall(customer, "POST", `/v1/kyc/upload/document?docType=${docType}${query}`, form);
  }
  await customerCall(customer, "POST", "/v5/kyc/submit");
}

/** A signed-in GET of the customer's, after a fresh sign-in (access tokens are short-lived here). */
export async function customerGet<T>(
  customer: { signIn: () => Promise<{ access_token: string }> },
  path_: string,
): Promise<T> {
  const { access_token: token } = await customer.signIn();
  return json<T>(await fetch(`${baseUrl()}${path_}`, { headers: { authorization: `Bearer ${token}` } }));
}

/**
 * A fixture photo made unique: the same file from two customers is refused as another
 * customer's document, so each upload gets bytes after the JPEG's end (which viewers ignore).
 */
export function fixturePhoto(name: "id-card-front" | "id-card-back" | "selfie") {
  const bytes = readFileSync(path.join(import.meta.dirname, "fixtures/kyc", `${name}.jpg`));
  return { name: `${name}.jpg`, mimeType: "image/jpeg", buffer: Buffer.concat([bytes, randomBytes(16)]) };
}

/** The host page at 390x844 with the widget mounted for the customer. */
export async function openHostPage(
  browser: Browser,
  customer: { refreshToken: string },
  options: { widgetToken?: string; failRefresh?: boolean; language?: "en" | "de" } = {},
) {
  const { context, page } = await openPage(browser, { viewport: "mobile" });
  await page.goto(hostPageUrl());
  await page.getByLabel("Refresh token").fill(customer.refreshToken);
  await page.getByLabel("Merchant ID").fill(DEMO_MERCHANT_ID);
  if (options.widgetToken) await page.getByLabel(/First widget token/).fill(options.widgetToken);
  if (options.language) await page.getByLabel("Language").selectOption(options.language);
  if (options.failRefresh) await page.getByLabel("Refuse to refresh the token").check();
  await page.getByRole("button", { name: "Mount widget" }).click();
  const widget = page.frameLocator("#widget iframe");
  return { context, page, widget };
}

/**
 * Clicks one of the host page's controls (language, theme, back...). Scrolled into view first:
 * Playwright's own scroll-then-click misses a button above a cross-origin frame.
 */
export async function hostControl(page: Page, name: string) {
  const control = page.locator("#controls").getByRole("button", { name, exact: true });
  await control.scrollIntoViewIfNeeded();
  await control.click();
}

/** The message log of the host page, as [direction, type] pairs in order. */
export async function messageLog(page: Page): Promise<Array<[string, string]>> {
  return page
    .locator("#log li")
    .evaluateAll((items) =>
      items.map((li) => [li.getAttribute("data-direction") ?? "", li.getAttribute("data-type") ?? ""]),
    );
}

/** Screenshot of the widget's frame alone (390 wide on the mobile host page), for review. */
export async function screenshotWidget(page: Page, name: string) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.waitForTimeout(150); // the frame follows the widget's height on the next message
  await page.locator("#widget iframe").screenshot({ path: path.join(SCREENSHOT_DIR, `kyc-${name}.png`) });
}

/** Goes through the widget's steps with the fixture photos, up to the review (not sent). */
export async function fillDocumentSteps(
  widget: FrameLocator,
  onStep: (step: string) => Promise<void> = async () => {},
) {
  await widget.getByRole("heading", { name: "Choose your document" }).waitFor();
  await widget.getByLabel("ID card").check();
  await widget.getByLabel("Issuing country").selectOption("DE");
  await widget.getByLabel("Date of issue").fill("2021-03-04");
  await onStep("document");
  await widget.getByRole("button", { name: "Continue" }).click();
  for (const [side, heading, photo] of [
    ["front", "Front of your ID card", "id-card-front"],
    ["back", "Back of your ID card", "id-card-back"],
    ["selfie", "Take a selfie", "selfie"],
  ] as const) {
    await widget.getByRole("heading", { name: heading }).waitFor();
    if (side === "front") await onStep("front-empty");
    await fileInput(widget).setInputFiles(fixturePhoto(photo));
    await widget.getByRole("img", { name: "Your photo" }).waitFor();
    await onStep(side);
    await widget.getByRole("button", { name: "Continue" }).click();
  }
  await widget.getByRole("heading", { name: "Check and send" }).waitFor();
}

const fileInput = (widget: FrameLocator): Locator => widget.locator('input[type="file"]');

/** Waits for the widget's status heading (the sandbox decides in about 2 s). */
export async function waitForHeading(widget: FrameLocator, name: string | RegExp, timeout = 30_000) {
  await expect
    .poll(async () => widget.getByRole("heading", { name }).count(), { timeout, interval: 250 })
    .toBeGreaterThan(0);
}
