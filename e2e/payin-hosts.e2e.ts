import { createHmac } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COMPLETE_PROFILE,
  NIMBUS_MERCHANT_ID,
  nimbusUrl,
  openApp,
  registerCustomer,
  signInWith,
  usedSecrets,
} from "./accounts-support.ts";
import { baseUrl, e2eEnabled, launchBrowser, shoot } from "./browser.ts";
import { DEMO_MERCHANT_ID, fixturePhoto } from "./kyc-support.ts";
import { eventually } from "./wallets-support.ts";

// The bank's 3-D Secure page sends the customer back to the host they paid from (one of their
// merchant's), where their session lives: they land signed in and see how the payment ended.
// A Nimbus Pay customer on nimbus.localhost, the demo merchant's on 127.0.0.1 (its second host).

const CHALLENGE_CARD = "4000000000003220";
const CHALLENGE_FAILS_CARD = "4000008400001629";

/** The app's origin on another host name (Chromium resolves *.localhost to this machine). */
const onHost = (host: string) => baseUrl().replace("//localhost", `//${host}`);

/** A customer of `merchantId` with a complete profile and an email, verified by the sandbox reviewer. */
async function verifiedCustomer(merchantId: string) {
  // Nimbus Pay asks for a referral code at sign-up: another customer's.
  const referrer = merchantId === NIMBUS_MERCHANT_ID ? await registerCustomer({ merchantId }) : undefined;
  const customer = await registerCustomer({
    merchantId,
    email: true,
    profile: COMPLETE_PROFILE,
    ...(referrer ? { referralCode: referrer.profile.ownReferralCode } : {}),
  });
  const info = await fetch(`${baseUrl()}/web/info?locale=en&variant=merchantData`, {
    headers: { "x-merchant-id": merchantId },
  });
  const { requestSigningKey } = ((await info.json()) as { data: { requestSigningKey: string } }).data;
  const call = async (method: string, route: string, body?: FormData) => {
    const signIn = await fetch(`${baseUrl()}/oauth/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-merchant-id": merchantId,
        "x-deviceid": customer.deviceId,
        "x-fingerprint": "e2e-fingerprint",
        "x-signature": createHmac("sha256", requestSigningKey)
          .update(`e2e-fingerprint${customer.phone}${customer.password}`)
          .digest("hex"),
      },
      body: new URLSearchParams({
        grant_type: "mobile_phone",
        number: customer.phone,
        password: customer.password,
      }),
    });
    const tokens = (await signIn.json()) as { access_token: string; refresh_token: string };
    for (const secret of [tokens.access_token, tokens.refresh_token]) usedSecrets.add(secret);
    const response = await fetch(`${baseUrl()}${route}`, {
      method,
      headers: { authorization: `Bearer ${tokens.access_token}`, "x-merchant-id": merchantId },
      ...(body ? { body } : {}),
    });
    if (!response.ok)
      throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  for (const [docType, photo] of [
    ["ID_CARD_FRONT", "id-card-front"],
    ["ID_CARD_BACK", "id-card-back"],
    ["SELFIE", "selfie"],
  ] as const) {
    const file = fixturePhoto(photo);
    const form = new FormData();
    form.append("image", new Blob([file.buffer], { type: file.mimeType }), file.name);
    const query = docType === "SELFIE" ? "" : "&issuedDate=2021-03-04&issuedCountry=DE";
    await call("POST", `/v1/kyc/upload/document?docType=${docType}${query}`, form);
  }
  await call("POST", "/v5/kyc/submit");
  // Whatever the level's name, verified means past the first one ("Lovelace" is approved).
  await eventually(async () => {
    const { kycLevel } = (await (await call("GET", "/v2/customer/kyc/data")).json()) as { kycLevel: string };
    return kycLevel !== "NONE" && kycLevel !== "KYC_0" ? kycLevel : undefined;
  }, "the sandbox reviewer's approval");
  return customer;
}

type Customer = Awaited<ReturnType<typeof verifiedCustomer>>;

/** The customer's browser, signed in on `origin`. */
async function signedInOn(browser: Browser, customer: Customer, origin: string) {
  const opened = await openApp(browser, { deviceId: customer.deviceId });
  await opened.page.goto(`${origin}/sign-in`);
  await signInWith(opened.page, customer.phone, customer.password);
  await opened.page.getByRole("heading", { name: "Home", level: 1 }).waitFor();
  return opened;
}

/** On /top-up/card of `origin`: adds `card`, prices 20 EUR, pays, and answers the bank's page. */
async function payThroughTheBank(page: Page, origin: string, card: string) {
  await page.goto(`${origin}/top-up/card`);
  await page.getByRole("heading", { name: "Add funds by bank card", level: 1 }).waitFor();
  const another = page.getByRole("button", { name: "Add a card" });
  await page.getByLabel("Card number").or(another).first().waitFor();
  if (await another.isVisible()) await another.click();
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("Name on the card").fill("Ada Lovelace");
  await page.getByLabel("Address", { exact: true }).fill("1 Main St");
  await page.getByLabel("City").fill("Berlin");
  await page.getByLabel("Postal code").fill("10115");
  await page.getByLabel("Country", { exact: true }).selectOption("DE");
  await page.getByRole("button", { name: "Save card" }).click();
  await page.getByLabel("Card", { exact: true }).waitFor();
  await page.getByLabel("You pay", { exact: true }).fill("20");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("timer").waitFor();
  await page.getByLabel("CVV").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
  // The sandbox bank's page, on the bank's own address (PUBLIC_BASE_URL here).
  await page.getByRole("heading", { name: "Confirm your payment" }).waitFor();
  expect(new URL(page.url()).origin).toBe(baseUrl());
  const code = (await page.getByTestId("challenge-code").textContent()) ?? "";
  await page.getByLabel("One-time code").fill(code);
  await page.getByRole("button", { name: "Confirm" }).click();
}

describe.skipIf(!e2eEnabled())("the 3-D Secure return leads to the host the customer pays from", () => {
  let browser: Browser;
  let nimbus: Customer;
  let demo: Customer;
  beforeAll(async () => {
    browser = await launchBrowser();
    [nimbus, demo] = await Promise.all([
      verifiedCustomer(NIMBUS_MERCHANT_ID),
      verifiedCustomer(DEMO_MERCHANT_ID),
    ]);
  }, 120_000);
  afterAll(() => browser?.close());

  it("a Nimbus Pay customer comes back to nimbus.localhost, signed in, and sees the funds added", async () => {
    const { context, page } = await signedInOn(browser, nimbus, nimbusUrl());
    await payThroughTheBank(page, nimbusUrl(), CHALLENGE_CARD);
    await page.getByRole("dialog", { name: /Pending|Funds added/ }).waitFor({ timeout: 15_000 });
    const back = new URL(page.url());
    expect(back.origin).toBe(nimbusUrl());
    expect(back.pathname).toBe("/top-up/card");
    await page.getByRole("dialog", { name: "Funds added" }).waitFor({ timeout: 30_000 });
    await shoot(page, "payin-return-nimbus", { modal: true });
    await context.close();
  }, 120_000);

  it("the demo merchant's customer on 127.0.0.1 comes back to 127.0.0.1, and sees why it failed", async () => {
    const origin = onHost("127.0.0.1");
    const { context, page } = await signedInOn(browser, demo, origin);
    await payThroughTheBank(page, origin, CHALLENGE_FAILS_CARD);
    const error = page.getByRole("dialog", { name: "Something went wrong" });
    await error.waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).origin).toBe(origin);
    await error.getByText("The 3-D Secure check failed", { exact: false }).waitFor();
    await shoot(page, "payin-return-failed", { modal: true });
    await context.close();
  }, 120_000);

  it("the demo merchant's customer on 127.0.0.1 comes back there and sees the funds added", async () => {
    const origin = onHost("127.0.0.1");
    const { context, page } = await signedInOn(browser, demo, origin);
    await payThroughTheBank(page, origin, CHALLENGE_CARD);
    await page.getByRole("dialog", { name: "Funds added" }).waitFor({ timeout: 45_000 });
    expect(new URL(page.url()).origin).toBe(origin);
    await context.close();
  }, 120_000);
});
