import { mkdir } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openApp, signInWith } from "./accounts-support.ts";
import { checkScreen, createOperator, SHOTS_DIR, signInOnPage } from "./backoffice-support.ts";
import { baseUrl, e2eEnabled, launchBrowser, openPage } from "./browser.ts";
import { customerCall, customerGet, DEMO_MERCHANT_ID, verifyingCustomer } from "./kyc-support.ts";
import { ledgerOperationCount, ledgerViolations } from "./ledger-audit.ts";

// Adjustments with four eyes in Chromium (docs/backoffice.md "Adjustments"): finance operator A
// proposes a credit from the customer's page and cannot approve it; operator B approves it in
// the queue; the customer's app shows the money once and the reason in the history; the ledger
// audit is clean after.

const SHOTS = "adjust";
const CUSTOMER_REASON = "Goodwill credit for the delayed bank transfer";

/** An approval from the operator signed in on `page`, with the session's CSRF token: its status and error. */
async function approveFromPage(page: Page, id: string) {
  return page.evaluate(async (adjustmentId) => {
    const me = (await (await fetch("/admin/v1/me")).json()) as { csrfToken: string };
    const res = await fetch(`/admin/v1/adjustments/${adjustmentId}/approve`, {
      method: "POST",
      headers: { "x-csrf-token": me.csrfToken },
    });
    return { status: res.status, error: ((await res.json()) as { error?: string }).error };
  }, id);
}

describe.skipIf(!e2eEnabled())("adjustments with four eyes", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await mkdir(`${SHOTS_DIR}/${SHOTS}`, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("A proposes a credit and cannot approve it; B approves; the customer sees it once, with the reason", async () => {
    const customer = await verifyingCustomer("Noether");
    // An email on file: the app goes straight to Home after sign-in.
    await customerCall(customer, "PUT", "/v2/mobile/email/add", { email: `${customer.phone}@example.com` });
    const credit = await fetch(`${baseUrl()}/sandbox/wallets/credit`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-merchant-id": DEMO_MERCHANT_ID,
        "idempotency-key": `adj-${customer.phone}`,
      },
      body: JSON.stringify({ phone: customer.phone, currency: "EUR", amount: "5.00" }),
    });
    expect(credit.status).toBe(200);
    const { customerId } = await customerGet<{ customerId: string }>(customer, "/v2/customer/profile");
    const [a, b] = [
      await createOperator("FINANCE", DEMO_MERCHANT_ID),
      await createOperator("FINANCE", DEMO_MERCHANT_ID),
    ];

    // A proposes from the customer's page, checks it, and sends it.
    const sideA = await openPage(browser);
    const pageA = sideA.page;
    await signInOnPage(pageA, a);
    await pageA.goto(`${baseUrl()}/backoffice/customers/${customerId}`);
    await pageA.getByRole("link", { name: "Propose adjustment" }).click();
    await pageA.getByRole("heading", { name: "Propose an adjustment for Ada Noether" }).waitFor();
    await pageA.getByLabel("Wallet", { exact: true }).selectOption("EUR");
    await pageA.getByLabel("Credit (add to the wallet)").check();
    await pageA.getByLabel("Amount", { exact: true }).fill("12.34");
    await pageA.getByLabel("Reason for the customer").fill(CUSTOMER_REASON);
    await pageA
      .getByLabel("Reason for the audit")
      .fill("Ticket 2211: SEPA transfer held three days by the bank");
    await checkScreen(pageA, `${SHOTS}/propose`);
    await pageA.getByRole("button", { name: "Review" }).click();
    const check = pageA.getByRole("region", { name: "Check the adjustment" });
    await check.getByText("Credit 12.34 EUR").waitFor();
    await checkScreen(pageA, `${SHOTS}/propose-check`);
    await check.getByRole("button", { name: "Propose the adjustment" }).click();
    await pageA.getByRole("heading", { name: "Adjustment proposed" }).waitFor();
    await checkScreen(pageA, `${SHOTS}/proposed`);

    // In the queue A sees it waiting for someone else; the server refuses A's approval too.
    await pageA.getByRole("link", { name: "Go to the adjustments queue" }).click();
    const waitingA = pageA.getByRole("region", { name: "Waiting for a decision" });
    const mineA = waitingA.getByRole("listitem").filter({ hasText: CUSTOMER_REASON });
    await mineA.getByText("Waiting for another operator: you proposed it.").waitFor();
    expect(await mineA.getByRole("button", { name: /Approve/ }).count()).toBe(0);
    await checkScreen(pageA, `${SHOTS}/queue-proposer`);
    const { adjustments } = await pageA.evaluate(
      async (id) => (await fetch(`/admin/v1/adjustments?customerId=${id}`)).json(),
      customerId,
    );
    const proposal = (adjustments as { id: string; status: string }[])[0];
    expect(proposal?.status).toBe("PROPOSED");
    expect(await approveFromPage(pageA, proposal?.id ?? "")).toEqual({
      status: 403,
      error: "ADJUSTMENT_OWN_PROPOSAL",
    });
    await sideA.context.close();

    // B approves it, after a confirmation.
    const sideB = await openPage(browser);
    const pageB = sideB.page;
    await signInOnPage(pageB, b);
    await pageB.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Adjustments" }).click();
    const mineB = pageB
      .getByRole("region", { name: "Waiting for a decision" })
      .getByRole("listitem")
      .filter({ hasText: CUSTOMER_REASON });
    await mineB.getByRole("link", { name: "Ada Noether" }).waitFor();
    await mineB.getByRole("button", { name: "Approve Credit 12.34 EUR" }).click();
    await mineB.getByText("Post it now: Credit 12.34 EUR to the customer's wallet").waitFor();
    await checkScreen(pageB, `${SHOTS}/queue-confirm`);
    await mineB.getByRole("button", { name: "Confirm the approval" }).click();
    await pageB.getByRole("status").getByText("Credit 12.34 EUR: approved and posted.").waitFor();
    await pageB.getByRole("region", { name: "Decided adjustments" }).getByText("approved").first().waitFor();
    await checkScreen(pageB, `${SHOTS}/queue-approved`);
    // Approving it again moves nothing.
    expect(await approveFromPage(pageB, proposal?.id ?? "")).toEqual({
      status: 409,
      error: "ADJUSTMENT_ALREADY_DECIDED",
    });
    await sideB.context.close();

    // The customer: the balance once, and the history row with the reason they were given.
    const wallets = await customerGet<{ wallets: { currency: string; balance: string }[] }>(
      customer,
      "/v2/wallets",
    );
    expect(wallets.wallets.find((w) => w.currency === "EUR")?.balance).toBe("17.34");
    const app = await openApp(browser, { deviceId: customer.deviceId });
    await app.page.goto(`${baseUrl()}/sign-in`);
    await signInWith(app.page, customer.phone, customer.password);
    await app.page.getByRole("heading", { name: "Home", level: 1 }).waitFor();
    await app.page
      .getByRole("region", { name: "Wallets" })
      .getByText(/17\.34/)
      .first()
      .waitFor();
    await app.page.goto(`${baseUrl()}/history`);
    const row = app.page.getByRole("button", { name: /Balance adjustment/ });
    await row.waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain(CUSTOMER_REASON);
    expect(await row.textContent()).toContain("+");
    await checkScreen(app.page, `${SHOTS}/customer-history`);
    await row.click();
    await app.page.getByRole("dialog", { name: "Balance adjustment" }).getByText(CUSTOMER_REASON).waitFor();
    await checkScreen(app.page, `${SHOTS}/customer-history-details`);
    await app.context.close();

    const databaseUrl = inject("e2eDatabaseUrl");
    expect(await ledgerOperationCount(databaseUrl)).toBeGreaterThan(0);
    expect(await ledgerViolations(databaseUrl)).toEqual([]);
  }, 240_000);
});
