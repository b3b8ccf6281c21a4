import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../apps/server/src/db/database.ts";
import { checkScreen, createOperator, signInOnPage } from "./backoffice-support.ts";
import { baseUrl, e2eEnabled, launchBrowser, openPage } from "./browser.ts";
import { customerGet, DEMO_MERCHANT_ID } from "./kyc-support.ts";
import { type Customer, credit, customerAtKyc1 } from "./wallets-support.ts";

// Stuck payments in the back-office (docs/backoffice.md "Stuck payments"): a crypto withdrawal
// the chain has not confirmed for hours (the suite's chain takes an hour a confirmation) is
// listed, linked from the first page's count; a finance operator fails it with a reason in the
// confirmation dialog, and the customer has the money back.

const OUTSIDE_BTC = "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh";
type Wallet = { currency: string; balance: string; availableBalance: string };

describe.skipIf(!e2eEnabled())("stuck payments in the back-office", () => {
  let browser: Browser;
  let customer: Customer;
  let withdrawalId: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await customerAtKyc1();
    await credit(customer.phone, "BTC", "0.01");
    const { access_token: token } = await customer.signIn();
    const sent = await fetch(`${baseUrl()}/v1/wallet/send`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "idempotency-key": crypto.randomUUID(),
      },
      body: JSON.stringify({ address: OUTSIDE_BTC, amount: "0.001", currency: "BTC" }),
    });
    expect(sent.status).toBe(200);
    withdrawalId = ((await sent.json()) as { txId: string }).txId;
    // Three hours ago, as if the chain had kept it waiting since (its expected time is two).
    const database = openDatabase(inject("e2eDatabaseUrl"), { max: 1 });
    try {
      await database.pool.query(
        "update crypto_withdrawals set created_at = now() - interval '3 hours' where id = $1",
        [withdrawalId],
      );
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a finance operator finds it from the first page and fails it with a reason; the customer has the money back", async () => {
    const btc = async () =>
      (await customerGet<{ wallets: Wallet[] }>(customer, "/v2/wallets")).wallets.find(
        (w) => w.currency === "BTC",
      );
    expect((await btc())?.availableBalance).not.toBe("0.01000000");

    const finance = await createOperator("FINANCE", DEMO_MERCHANT_ID);
    const { context, page } = await openPage(browser);
    await signInOnPage(page, finance);
    await page.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
    await page.getByRole("table", { name: /pending past their expected time/ }).waitFor();
    await checkScreen(page, "stuck/bo-stuck-overview");
    await page.getByRole("link", { name: /payments pending too long/ }).click();
    await page.getByRole("heading", { name: "Stuck payments", level: 1 }).waitFor();
    await page.getByLabel("Kind").selectOption({ label: "Crypto withdrawal" });
    const table = page.getByRole("table", { name: /pending past their expected time/ });
    // Only this suite makes a withdrawal three hours old.
    const row = table.getByRole("row").filter({ hasText: "0.00100000 BTC" });
    await row.first().waitFor();
    await checkScreen(page, "stuck/bo-stuck-list");

    await row.first().getByRole("button", { name: /^Fail/ }).click();
    const dialog = page.getByRole("dialog", { name: "Fail this payment" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Fail the payment" }).click();
    await dialog.getByRole("alert").getByText("at least 3 characters").waitFor(); // nothing sent
    await checkScreen(page, "stuck/bo-stuck-dialog");
    await dialog
      .getByLabel("Reason (kept in the audit trail)")
      .fill("The custodian confirmed it was never sent.");
    await dialog.getByRole("button", { name: "Fail the payment" }).click();
    await page.getByRole("status").getByText("money held for it is back with the customer").waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await checkScreen(page, "stuck/bo-stuck-result");
    expect(await btc()).toMatchObject({ balance: "0.01000000", availableBalance: "0.01000000" });
    await context.close();
  });
});
