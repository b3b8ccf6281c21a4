import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApp, signInWith } from "./accounts-support.ts";
import { baseUrl, e2eEnabled, launchBrowser, shoot } from "./browser.ts";
import { customerCall, customerGet, sendIdentityDocuments, verifyingCustomer } from "./kyc-support.ts";

// KYC_2 on /verification (spec §4's rule past KYC_0): a customer verified over HTTP (documents,
// submit, the sandbox's approval: KYC_2) asks for higher limits from the web app; the request is
// stored UNDER_REVIEW for operators, the level stays KYC_2, and asking again while it is open
// shows the mobile-only modal (the rule's "otherwise") without a second request.

type Customer = Awaited<ReturnType<typeof verifyingCustomer>>;
type KycData = { kycLevel: string; status: string; kyc3ClientData: { status: string } };

const call = customerCall;

/** ID card and selfie sent and approved by the sandbox reviewer: KYC_2. */
async function customerAtKyc2(): Promise<Customer> {
  const customer = await verifyingCustomer("Lovelace");
  // With an email, sign-in lands on the home page (spec §2's redirects).
  await call(customer, "PUT", "/v2/mobile/email/add", { email: `${customer.phone}@example.com` });
  await sendIdentityDocuments(customer);
  await expect
    .poll(async () => (await customerGet<KycData>(customer, "/v2/customer/kyc/data")).kycLevel, {
      timeout: 30_000,
      interval: 500,
    })
    .toBe("KYC_2");
  return customer;
}

describe.skipIf(!e2eEnabled())("higher limits on /verification", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("at KYC_2 the limit increase is sent and accepted, and stays under review at KYC_2", async () => {
    const customer = await customerAtKyc2();
    const { context, page } = await openApp(browser, { deviceId: customer.deviceId });
    await page.goto(`${baseUrl()}/sign-in`);
    await signInWith(page, customer.phone, customer.password);
    await page.getByRole("heading", { name: "Home", level: 1 }).waitFor();
    await page.goto(`${baseUrl()}/verification`);
    await page.getByTestId("kyc-level").getByText("Verified").waitFor();

    await page.getByRole("button", { name: "Increase limits" }).click();
    const accepted = page.getByRole("dialog", { name: "Your request has been accepted..." });
    await accepted.getByText("Our team will contact you.").waitFor();
    await shoot(page, "verification-limit-increase-modal", { modal: true });
    await accepted.getByRole("button", { name: "Done" }).click();
    await page
      .getByText(
        "We accepted your request for higher limits and are reviewing it. Our team will contact you.",
      )
      .waitFor();
    await shoot(page, "verification-limit-increase-in-review");
    expect(await customerGet<KycData>(customer, "/v2/customer/kyc/data")).toMatchObject({
      kycLevel: "KYC_2",
      status: "UNDER_REVIEW",
      kyc3ClientData: { status: "UNDER_REVIEW" },
    });

    // Asked again while it is open: spec §4's "otherwise", and no second request is made.
    const requests: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/kyc")) requests.push(r.url());
    });
    await page.getByRole("button", { name: "Increase limits" }).click();
    await page.getByText("Mobile only: Verification is available only in the mobile app.").waitFor();
    await shoot(page, "verification-mobile-only-modal", { modal: true });
    await page.getByRole("button", { name: "Got it" }).click();
    expect(requests).toEqual([]);

    await page.getByRole("link", { name: "See your limits" }).click();
    await page.getByText("What you can still use at the Verified level. Amounts in EUR.").waitFor();
    const send = page.getByRole("article", { name: /Send by phone number/ });
    await send.getByText("Up to €5,000.00").waitFor();
    expect(await send.getByText(/unlocks/).count()).toBe(0);
    await page.getByRole("link", { name: "Increase limits" }).waitFor();
    await shoot(page, "limits-level-2-requested");
    await context.close();
  }, 120_000);
});
