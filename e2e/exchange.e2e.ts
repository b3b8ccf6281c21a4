import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoSeriousAxeViolations } from "./axe.ts";
import { baseUrl, e2eEnabled, launchBrowser, shoot } from "./browser.ts";
import { ledgerOperationCount, ledgerViolations } from "./ledger-audit.ts";
import {
  type Customer,
  credit,
  customerAtKyc1,
  expectHomeMatchesServer,
  minorUnits,
  serverWallets,
  signedInPage,
} from "./wallets-support.ts";

// A funded, verified customer exchanges USDT to EUR on /exchange: the quote's countdown ticks,
// a lapsed quote is renewed without the customer doing anything, the exchange is confirmed, the
// receipt, the history item and the new balances show, and the ledger audits clean.

const OFFER = "/v1/mobile/exchange/offer";

describe.skipIf(!e2eEnabled())("exchange: USDT to EUR with a live quote", () => {
  let browser: Browser;
  let customer: Customer;
  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await customerAtKyc1();
    await credit(customer.phone, "USDT", "250");
  });
  afterAll(() => browser?.close());

  it("quotes, renews a lapsed quote, exchanges, and shows the receipt, the history and the balances", async () => {
    const { context, page } = await signedInPage(browser, customer);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Exchange" }).click();
    await page.getByRole("heading", { name: "Exchange", level: 1 }).waitFor();
    await page.getByRole("button", { name: /^From USDT\b/ }).waitFor();
    await shoot(page, "exchange-empty");
    await expectNoSeriousAxeViolations(page, "exchange, nothing typed");

    // To EUR through the searchable chooser (spec §5).
    await page.getByRole("button", { name: /^To / }).click();
    const chooser = page.getByRole("dialog", { name: "Choose a wallet" });
    await chooser.getByLabel("Search").fill("eur");
    await chooser.getByRole("button", { name: /EUR/ }).click();
    await page.getByRole("button", { name: /^To EUR\b/ }).waitFor();

    await page.getByLabel("You pay").fill("100");
    const timer = page.getByRole("timer");
    await expect.poll(() => timer.textContent(), { timeout: 10_000 }).toMatch(/00:(19|20)$/);
    const first = await timer.textContent();
    // The countdown ticks on screen.
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(first);
    await shoot(page, "exchange-quoted");
    await expectNoSeriousAxeViolations(page, "exchange, quoted");

    // The quote lapses while the customer stays: it is renewed by an update, and counts again.
    const renewal = page.waitForResponse(
      (r) => r.request().method() === "PUT" && new URL(r.url()).pathname === OFFER,
      { timeout: 30_000 },
    );
    const renewed = await renewal;
    expect(renewed.status()).toBe(200);
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).toMatch(/00:(1[5-9]|20)$/);

    await page.getByRole("button", { name: "Continue" }).click();
    const summary = page.getByRole("region", { name: "Confirm the exchange" });
    await summary.waitFor();
    // Every amount by the display rule (spec §5): USDT and EUR show 2 decimals, never more.
    const confirmText = await summary.textContent();
    expect(confirmText).toMatch(/You pay[\d,]+\.\d{2} USDT/);
    expect(confirmText).toMatch(/Fee amount[\d,]+\.\d{2} USDT/);
    expect(confirmText).toMatch(/You receive€[\d,]+\.\d{2}The rate/);
    await shoot(page, "exchange-confirm");
    const executed = page.waitForResponse(
      (r) => r.request().method() === "PUT" && new URL(r.url()).pathname.startsWith(`${OFFER}/`),
    );
    await summary.getByRole("button", { name: "Exchange" }).click();
    const execution = (await (await executed).json()) as { targetCurrencyAmount: { amount: string } };
    const receipt = page.getByRole("dialog", { name: "Exchange completed" });
    await receipt.getByText("100.00 USDT").waitFor();
    await receipt.getByText("1 USDT = ", { exact: false }).waitFor();
    await shoot(page, "exchange-receipt", { modal: true });
    await expectNoSeriousAxeViolations(page, "exchange receipt");
    await receipt.getByRole("button", { name: "Done" }).click();

    // Exactly the quoted amounts moved: 100 USDT out, the receipt's EUR in (the first EUR).
    const wallets = await serverWallets(customer);
    const balance = (currency: string) => {
      const wallet = wallets.find((w) => w.currency === currency);
      return wallet ? minorUnits(wallet.balance, currency) : 0n;
    };
    expect(balance("USDT")).toBe(minorUnits("150", "USDT"));
    expect(balance("EUR")).toBe(minorUnits(execution.targetCurrencyAmount.amount, "EUR"));

    await page.goto(`${baseUrl()}/history`);
    const item = page.getByRole("button", { name: /^Exchange/ });
    await item.waitFor();
    expect(await item.textContent()).toContain("USDT");
    await shoot(page, "exchange-history");
    await expectHomeMatchesServer(page, customer);
    await shoot(page, "exchange-home-after");
    await context.close();
  }, 120_000);

  it("leaves the ledger of the suite's database passing every ledger:audit invariant", async () => {
    const databaseUrl = inject("e2eDatabaseUrl");
    expect(await ledgerOperationCount(databaseUrl)).toBeGreaterThanOrEqual(2); // faucet, exchange
    expect(await ledgerViolations(databaseUrl)).toEqual([]);
  });
});
