import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_ADMIN, totpCode } from "../apps/server/src/modules/operators/index.ts";
import { NIMBUS_MERCHANT_ID, openApp, signInWith } from "./accounts-support.ts";
import { apiSession, checkScreen, createOperator, signInOnPage } from "./backoffice-support.ts";
import { baseUrl, e2eEnabled, launchBrowser, openPage } from "./browser.ts";
import {
  customerCall,
  customerGet,
  DEMO_MERCHANT_ID,
  sendIdentityDocuments,
  verifyingCustomer,
} from "./kyc-support.ts";

// The back-office in Chromium: the seeded platform admin signs in with TOTP, opens the oldest
// KYC case, views its documents and approves it; the customer's app shows Level 2 and the audit
// trail each step. Kestrel Wallet's reviews are manual while this file runs (the other suites
// expect the sandbox reviewer: restored after).

type Admin = Awaited<ReturnType<typeof apiSession>>;

describe.skipIf(!e2eEnabled())("the back-office", () => {
  let browser: Browser;
  let setup: Admin;
  beforeAll(async () => {
    browser = await launchBrowser();
    setup = await apiSession(await createOperator("MERCHANT_ADMIN", DEMO_MERCHANT_ID));
    const manual = await setup.call("PUT", "/admin/v1/kyc/settings", { reviews: "manual" });
    expect(manual.status).toBe(200);
  });
  afterAll(async () => {
    await setup?.call("PUT", "/admin/v1/kyc/settings", { reviews: "sandbox" });
    await browser?.close();
  });

  it("an operator signs in with TOTP, approves the oldest case after its documents; the customer is Level 2; the trail shows it", async () => {
    const customer = await verifyingCustomer("Lovelace");
    await customerCall(customer, "PUT", "/v2/mobile/email/add", { email: `${customer.phone}@example.com` });
    await sendIdentityDocuments(customer);
    const credit = await fetch(`${baseUrl()}/sandbox/wallets/credit`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-merchant-id": DEMO_MERCHANT_ID,
        "idempotency-key": `bo-${customer.phone}`,
      },
      body: JSON.stringify({ phone: customer.phone, currency: "EUR", amount: "25.00" }),
    });
    expect(credit.status).toBe(200);

    const { context, page } = await openPage(browser);
    await signInOnPage(page, SANDBOX_ADMIN, "bo");
    await page.getByLabel("Merchant").selectOption({ label: "Kestrel Wallet" });
    await page.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "KYC cases waiting" }).waitFor();
    await checkScreen(page, "bo-overview");

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "KYC review" }).click();
    const queue = page.getByRole("region", { name: "KYC cases" });
    await queue.waitFor();
    await checkScreen(page, "bo-kyc-queue");
    // Waiting cases oldest first: the first row is the oldest; this suite made only this one.
    const oldest = queue.getByRole("row").nth(1).getByRole("link");
    expect(await oldest.textContent()).toBe("Ada Lovelace");
    await oldest.click();

    await page.getByRole("heading", { name: "Identity check: Ada Lovelace" }).waitFor();
    const images = page.getByRole("region", { name: "Documents" }).getByRole("img");
    await expect.poll(() => images.count()).toBe(3);
    for (const img of await images.all()) {
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    await checkScreen(page, "bo-kyc-case");
    await page.getByLabel("Approve").check();
    await page.getByLabel("Reason").selectOption("VERIFIED");
    await page.getByLabel(/^Note/).fill("Documents match the profile.");
    await page.getByRole("button", { name: "Record the decision" }).click();
    await page.getByText("Decision recorded: the customer is now Verified").waitFor();
    await checkScreen(page, "bo-kyc-decided");

    // The customer's app shows the new level at once.
    const app = await openApp(browser, { deviceId: customer.deviceId });
    await app.page.goto(`${baseUrl()}/sign-in`);
    await signInWith(app.page, customer.phone, customer.password);
    await app.page.getByRole("heading", { name: "Home", level: 1 }).waitFor();
    await app.page.goto(`${baseUrl()}/verification`);
    await app.page.getByTestId("kyc-level").getByText("Verified").waitFor();
    await app.context.close();

    // The customer's page, found by phone.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Customers" }).click();
    await page.getByLabel("Search").fill(customer.phone);
    await page.getByRole("button", { name: "Search" }).click();
    const found = page.getByRole("region", { name: "Customers found" });
    await found.getByRole("link", { name: "Ada Lovelace" }).waitFor();
    await checkScreen(page, "bo-customers");
    await found.getByRole("link", { name: "Ada Lovelace" }).click();
    await page.getByRole("heading", { name: "Wallets and balances" }).waitFor();
    await page.getByRole("region", { name: "Wallets" }).getByText("25.00").first().waitFor();
    await checkScreen(page, "bo-customer");

    // Its operation, with the ledger legs.
    await page
      .getByRole("region", { name: "Recent operations" })
      .getByRole("link", { name: "Test credit" })
      .click();
    await page.getByRole("heading", { name: "Ledger legs" }).waitFor();
    await checkScreen(page, "bo-operation");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Operations" }).click();
    await page.getByRole("region", { name: "Operations" }).waitFor();
    await checkScreen(page, "bo-operations");

    // The audit trail shows each step, the document views and the decision with its note.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit trail" }).click();
    const trail = page.getByRole("region", { name: "Audit entries" });
    await trail.waitFor();
    // Actions read as words; the code the Action filter takes is each one's title.
    await expect.poll(() => trail.getByTitle("kyc.decision.approve").count()).toBe(1);
    await trail.getByText("KYC decision approve").waitFor();
    await expect.poll(() => trail.getByTitle("kyc.document.view").count()).toBeGreaterThanOrEqual(3);
    expect(await trail.getByTitle("customer.view").count()).toBeGreaterThanOrEqual(1);
    expect(await trail.getByTitle("auth.sign-in").count()).toBeGreaterThanOrEqual(1);
    await trail.getByText("Documents match the profile.").waitFor();
    await checkScreen(page, "bo-audit");
    await context.close();
  }, 180_000);

  it("a support operator of Nimbus Pay cannot open a Kestrel Wallet customer", async () => {
    const kestrelCustomer = await verifyingCustomer("Hopper");
    const profile = await fetch(`${baseUrl()}/v2/customer/profile`, {
      headers: { authorization: `Bearer ${(await kestrelCustomer.signIn()).access_token}` },
    });
    const { customerId } = (await profile.json()) as { customerId: string };
    const support = await createOperator("SUPPORT", NIMBUS_MERCHANT_ID);

    // A code is good once: the browser signs in as another support operator of Nimbus Pay.
    const nimbus = await apiSession(await createOperator("SUPPORT", NIMBUS_MERCHANT_ID));
    const direct = await nimbus.call("GET", `/admin/v1/customers/${customerId}`);
    expect(direct.status).toBe(404);
    expect(await direct.json()).toMatchObject({ error: "CUSTOMER_NOT_FOUND", requestId: expect.any(String) });

    const { context, page } = await openPage(browser);
    await signInOnPage(page, support);
    // Support has no KYC review nor audit trail in its menu.
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Customers" }).waitFor();
    expect(await nav.getByRole("link", { name: "KYC review" }).count()).toBe(0);
    await page.goto(`${baseUrl()}/backoffice/customers/${customerId}`);
    await page.getByRole("alert").getByText("Customer not found.").waitFor();
    await checkScreen(page, "bo-customer-other-merchant");
    await context.close();
  }, 120_000);

  it("compliance approves a limit increase with the customer's own limits; the customer's limits show them", async () => {
    const customer = await verifyingCustomer("Turing");
    await sendIdentityDocuments(customer);
    const caseOf = async (kind: string) => {
      const { cases } = (await (await setup.call("GET", "/admin/v1/kyc/cases")).json()) as {
        cases: { id: string; kind: string; customerName: string }[];
      };
      return cases.find((c) => c.kind === kind && c.customerName.endsWith("Turing"))?.id as string;
    };
    const identity = await setup.call("POST", `/admin/v1/kyc/cases/${await caseOf("IDENTITY")}/decision`, {
      decision: "APPROVE",
      reason: "VERIFIED",
    });
    expect(identity.status).toBe(200);
    await customerCall(customer, "POST", "/v2/customer/kyc3/start");

    const { context, page } = await openPage(browser);
    await signInOnPage(page, await createOperator("COMPLIANCE", DEMO_MERCHANT_ID));
    await page.goto(`${baseUrl()}/backoffice/kyc/${await caseOf("LIMIT_INCREASE")}`);
    await page.getByRole("heading", { name: /^Limit increase:/ }).waitFor();
    await page.getByLabel("Reason").selectOption("LIMITS_RAISED");
    // Prefilled with the level's figures.
    const transfer = page.getByRole("group", { name: "Transfer mobile" });
    expect(await transfer.getByLabel("Per transaction").inputValue()).toBe("5000.00");
    await transfer.getByLabel("24 hours").fill("60000");
    await page.getByRole("button", { name: "Record the decision" }).click();
    await transfer.getByText("must not be more than the 30-day limit").waitFor();
    await checkScreen(page, "bo-limit-increase-error");
    await transfer.getByLabel("Per transaction").fill("6000");
    await transfer.getByLabel("24 hours").fill("20000");
    await transfer.getByLabel("30 days").fill("60000");
    await page.getByRole("button", { name: "Record the decision" }).click();
    await page.getByText("Decision recorded").waitFor();
    await checkScreen(page, "bo-limit-increase-decided");
    await context.close();

    const limits = await customerGet<{ operations: { operationType: string; limits: unknown }[] }>(
      customer,
      "/v1/kyc/limits",
    );
    expect(limits.operations.find((o) => o.operationType === "TRANSFER_MOBILE")?.limits).toEqual({
      perTransaction: "6000.00",
      daily: "20000.00",
      monthly: "60000.00",
    });
  }, 120_000);

  it("an operator changes the one-time password at first sign-in; an admin disables them and their session ends", async () => {
    const fresh = await createOperator("SUPPORT", DEMO_MERCHANT_ID, { oneTime: true });
    const newcomer = await openPage(browser);
    const page = newcomer.page;
    await page.goto(`${baseUrl()}/backoffice/`);
    await page.getByLabel("Email").fill(fresh.email);
    await page.getByLabel("Password").fill(fresh.password);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Authentication code").fill(totpCode(fresh.totpSecret));
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Choose your password" }).waitFor();
    await page.getByLabel("One-time password").fill(fresh.password);
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("New password again").fill("short");
    await page.getByRole("button", { name: "Save the password" }).click();
    await page.getByText("must be at least 12 characters").waitFor();
    await checkScreen(page, "bo-change-password");
    await page.getByLabel("New password", { exact: true }).fill("my own long password");
    await page.getByLabel("New password again").fill("my own long password");
    await page.getByRole("button", { name: "Save the password" }).click();
    await page.getByRole("heading", { name: "Overview", level: 1 }).waitFor();

    const admin = await openPage(browser);
    await signInOnPage(admin.page, await createOperator("MERCHANT_ADMIN", DEMO_MERCHANT_ID));
    await admin.page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Operators" })
      .click();
    await admin.page.getByRole("button", { name: `Disable ${fresh.email}` }).click();
    await admin.page.getByLabel(/^Reason/).fill("Moved to another team.");
    await checkScreen(admin.page, "bo-operators");
    await admin.page.getByRole("button", { name: "Disable the operator" }).click();
    await expect
      .poll(() => admin.page.getByRole("button", { name: `Disable ${fresh.email}` }).count())
      .toBe(0);
    await admin.context.close();

    await page.reload();
    await page.getByLabel("Email").waitFor();
    await newcomer.context.close();
  }, 120_000);
});
