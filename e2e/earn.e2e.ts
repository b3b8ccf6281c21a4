import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoSeriousAxeViolations } from "./axe.ts";
import { baseUrl, e2eEnabled, launchBrowser, shoot } from "./browser.ts";
import { customerGet } from "./kyc-support.ts";
import { ledgerViolations } from "./ledger-audit.ts";
import {
  type Customer,
  credit,
  customerWithEmail,
  minorUnits,
  sandboxPost,
  serverWallets,
  signedInPage,
} from "./wallets-support.ts";

// Earn on screen: a FLEX deposit opened, its clock moved on by the sandbox, closed for principal
// and profit; a FIX deposit opened and closed early for the principal only; the ledger audits clean.

type Deposit = { id: string; currentProfit: string };

const usdt = async (c: Customer) =>
  minorUnits((await serverWallets(c)).find((w) => w.currency === "USDT")?.balance ?? "0", "USDT");
const openDeposits = async (c: Customer) =>
  (await customerGet<{ deposits: Deposit[] }>(c, "/v1/deposits/")).deposits;

/** The open form filled and confirmed: answers once the receipt is closed. */
async function openDeposit(
  page: Page,
  type: "Flexible" | "Fixed",
  duration: string,
  amount: string,
  shots?: string,
) {
  const form = page.getByRole("region", { name: "Open a deposit" });
  await form.getByLabel("Currency").selectOption("USDT");
  await form.getByRole("radio", { name: type }).check();
  await form.getByLabel("Duration").selectOption({ label: duration });
  await form.getByLabel("Amount", { exact: true }).fill(amount);
  // The simulator compares on an amount of its own; the deposit's stays as typed.
  await form.getByLabel("Amount to compare").fill(amount);
  await form
    .getByRole("region", { name: "Fixed or flexible?" })
    .getByRole("row", { name: /^Fixed/ })
    .waitFor();
  expect(await form.getByLabel("Amount", { exact: true }).inputValue()).toBe(amount);
  if (shots) await shoot(page, `${shots}-form`);
  await form.getByRole("button", { name: "Continue" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm your deposit" });
  await confirm.waitFor();
  if (shots) await shoot(page, `${shots}-confirm`, { modal: true });
  await confirm.getByRole("button", { name: "Open deposit" }).click();
  const receipt = page.getByRole("dialog", { name: "Deposit opened" });
  await receipt.waitFor();
  if (shots) await shoot(page, `${shots}-receipt`, { modal: true });
  await receipt.getByRole("button", { name: "Done" }).click();
}

/** Closes the only open deposit on screen after reading the rule said for its kind. */
async function closeDeposit(page: Page, rule: RegExp, shots?: string) {
  await page
    .getByRole("region", { name: "Your deposits" })
    .getByRole("button", { name: /^Close/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Close this deposit?" });
  await dialog.getByText(rule).waitFor();
  if (shots) await shoot(page, `${shots}-close`, { modal: true });
  await dialog.getByRole("button", { name: "Close deposit" }).click();
  const receipt = page.getByRole("dialog", { name: "Deposit closed" });
  await receipt.waitFor();
  if (shots) await shoot(page, `${shots}-closed`, { modal: true });
  await receipt.getByRole("button", { name: "Done" }).click();
  await page.getByText("You have no open deposits yet.").waitFor();
}

describe.skipIf(!e2eEnabled())("earn: FLEX and FIX deposits on screen", () => {
  let browser: Browser;
  let customer: Customer;
  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await customerWithEmail("Earnest");
    await credit(customer.phone, "USDT", "500");
  });
  afterAll(() => browser?.close());

  it("opens a FLEX deposit, moves the sandbox clock 30 days, and closes it for principal and profit", async () => {
    const { context, page } = await signedInPage(browser, customer);
    await page.goto(`${baseUrl()}/earn`);
    await page.getByText("You have no open deposits yet.").waitFor();
    await shoot(page, "earn-empty");
    await expectNoSeriousAxeViolations(page, "earn, no deposits");
    await openDeposit(page, "Flexible", "3 months · 5.00% a year", "100", "earn-flex");
    expect(await usdt(customer)).toBe(400_000_000n);

    const [deposit] = await openDeposits(customer);
    if (!deposit) throw new Error("no open deposit");
    await sandboxPost(`/sandbox/deposits/${deposit.id}/advance`, { days: 30 });
    // 100 USDT at 5 % for 30 days: floor(100,000,000 × 500 × 30 / 3,650,000) = 410,958 micro-USDT.
    expect((await openDeposits(customer))[0]?.currentProfit).toBe("0.410958");
    await page.reload();
    await page.getByRole("region", { name: "Your deposits" }).getByText(/0\.41/).first().waitFor();
    await shoot(page, "earn-list");
    await closeDeposit(page, /A flexible deposit lets you take profit at any time/, "earn-flex");
    expect(await usdt(customer)).toBe(500_410_958n);
    await context.close();
  });

  it("opens a FIX deposit and closes it early for the principal only", async () => {
    const { context, page } = await signedInPage(browser, customer);
    await page.goto(`${baseUrl()}/earn`);
    await openDeposit(page, "Fixed", "3 months · 6.00% a year", "50");
    const [deposit] = await openDeposits(customer);
    if (!deposit) throw new Error("no open deposit");
    await sandboxPost(`/sandbox/deposits/${deposit.id}/advance`, { days: 10 });
    await page.reload();
    await closeDeposit(page, /closing it early returns the principal without profit/, "earn-fix");
    expect(await usdt(customer)).toBe(500_410_958n);
    await context.close();
  });

  it("leaves a ledger that passes every ledger:audit invariant", async () => {
    expect(await ledgerViolations(inject("e2eDatabaseUrl"))).toEqual([]);
  });
});
