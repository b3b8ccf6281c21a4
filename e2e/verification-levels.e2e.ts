import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApp, signInWith } from "./accounts-support.ts";
import { baseUrl, e2eEnabled, launchBrowser, shoot } from "./browser.ts";
import { customerCall, customerGet, sendIdentityDocuments, verifyingCustomer } from "./kyc-support.ts";

// The higher levels on /verification (spec §4's rule past KYC_0): a customer verified over HTTP
// (documents, submit, the sandbox's approval) and raised to KYC_2 asks for the limit increase
// from the web app; the reviewer decides 2 s later; the page and /limits show KYC_3.

type Customer = Awaited<ReturnType<typeof verifyingCustomer>>;

const call = customerCall;

const waitForLevel = (customer: Customer, level: string) =>
  expect
    .poll(async () => (await customerGet<{ kycLevel: string }>(customer, "/v2/customer/kyc/data")).kycLevel, {
      timeout: 30_000,
      interval: 500,
    })
    .toBe(level);

/** KYC_1 (ID card and selfie sent, approved), then KYC_2 (POST /v4/kyc/sumsub/start, approved). */
async function customerAtKyc2(): Promise<Customer> {
  const customer = await verifyingCustomer("Lovelace");
  // With an email, sign-in lands on the home page (spec §2's redirects).
  await call(customer, "PUT", "/v2/mobile/email/add", { email: `${customer.phone}@example.com` });
  await sendIdentityDocuments(customer);
  await waitForLevel(customer, "KYC_1");
  await call(customer, "POST", "/v4/kyc/sumsub/start");
  await waitForLevel(customer, "KYC_2");
  return customer;
}

describe.skipIf(!e2eEnabled())("higher levels on /verification", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("at KYC_2 the limit increase is sent and accepted; the reviewer's approval shows KYC_3", async () => {
    const customer = await customerAtKyc2();
    const { context, page } = await openApp(browser, { deviceId: customer.deviceId });
    await page.goto(`${baseUrl()}/sign-in`);
    await signInWith(page, customer.phone, customer.password);
    await page.getByRole("heading", { name: "Home", level: 1 }).waitFor();
    await page.goto(`${baseUrl()}/verification`);
    await page.getByTestId("kyc-level").getByText("Level 2").waitFor();

    await page.getByRole("button", { name: "Increase limits" }).click();
    const accepted = page.getByRole("dialog", { name: "Your request has been accepted..." });
    await accepted.getByText("Our team will contact you.").waitFor();
    await shoot(page, "verification-limit-increase-modal", { modal: true });
    await accepted.getByRole("button", { name: "Done" }).click();
    await page
      .getByText(/We're reviewing your request for higher limits|Your identity is verified/)
      .waitFor();

    await page.getByTestId("kyc-level").getByText("Level 3").waitFor({ timeout: 30_000 });
    await page.getByText("Verified", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Increase limits" }).count()).toBe(0);
    await shoot(page, "verification-level-3");

    await page.getByRole("link", { name: "See your limits" }).click();
    await page
      .getByText("What you can still use at Level 3. Amounts in EUR. You have the highest limits.")
      .waitFor();
    const send = page.getByRole("article", { name: /Send by phone number/ });
    await send.getByText("Up to €25,000.00").waitFor();
    expect(await send.getByText(/unlocks/).count()).toBe(0);
    await shoot(page, "limits-level-3");
    await context.close();
  }, 120_000);
});
