import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkScreen, createOperator, signInOnPage } from "./backoffice-support.ts";
import { e2eEnabled, launchBrowser, openPage } from "./browser.ts";
import { DEMO_MERCHANT_ID } from "./kyc-support.ts";
import { credit, customerWithEmail } from "./wallets-support.ts";

// Reports in the back-office (docs/backoffice.md "Reports and reconciliation"): a finance
// operator opens Reports, reads today's figures of a currency the suite moved, and downloads the
// CSV; a platform admin sees the reconciliation with its flagged rows.

describe.skipIf(!e2eEnabled())("reports in the back-office", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    const customer = await customerWithEmail("Lovelace");
    // Sandbox money: the chain's hot wallet pays it in the ledger, the chain never saw it.
    await credit(customer.phone, "USDT", "250");
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows a merchant's days per currency and downloads them as CSV", async () => {
    const finance = await createOperator("FINANCE", DEMO_MERCHANT_ID);
    const { context, page } = await openPage(browser);
    await signInOnPage(page, finance);
    await page.getByRole("link", { name: "Reports" }).click();
    await page.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
    const totals = page.getByRole("table", { name: /^Totals from/ });
    await totals.getByRole("row").filter({ hasText: "USDT" }).waitFor();
    await page.getByLabel("Currency", { exact: true }).selectOption("USDT");
    // The trends beside the tables: volumes, fees and customers per day.
    await page.getByRole("img", { name: /^Volume \(money in and out\), USDT/ }).waitFor();
    await page.getByRole("img", { name: /^Fees earned, USDT/ }).waitFor();
    await page.getByRole("img", { name: /^Customers who moved money, USDT/ }).waitFor();
    await checkScreen(page, "reports/bo-reports-finance");

    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    const csv = await readFile(await file.path(), "utf8");
    const [header, ...lines] = csv.trimEnd().split("\r\n");
    expect(header?.startsWith("day,currency,closing_balance,")).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const usdc = lines.find((l) => l.startsWith(`${today},USDT,`))?.split(",") ?? [];
    const column = (name: string) => usdc[(header ?? "").split(",").indexOf(name)];
    expect(Number(column("sandbox_credit_in"))).toBeGreaterThanOrEqual(250);
    await context.close();
  });

  it("shows a platform admin the house accounts beside the providers, differences flagged", async () => {
    const admin = await createOperator("PLATFORM_ADMIN", null);
    const { context, page } = await openPage(browser);
    await signInOnPage(page, admin);
    await page.getByRole("link", { name: "Reports" }).click();
    const table = page.getByRole("table", { name: "House accounts beside the providers" });
    const usdc = table.getByRole("row").filter({ hasText: "USDT" }).filter({ hasText: "Chain" });
    await usdc.getByText("differs").waitFor();
    await checkScreen(page, "reports/bo-reports-platform");
    await context.close();
  });
});
