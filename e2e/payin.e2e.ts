import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoSeriousAxeViolations } from "./axe.ts";
import { e2eEnabled, launchBrowser, shoot } from "./browser.ts";
import { scanDatabase } from "./database-scan.ts";
import { ledgerOperationCount, ledgerViolations } from "./ledger-audit.ts";
import {
  type Customer,
  credit,
  customerAtKyc1,
  minorUnits,
  serverWallets,
  signedInPage,
} from "./wallets-support.ts";

// A verified customer adds a bank card on /top-up/card and adds 50 EUR of USDT through the
// sandbox bank's 3-D Secure page: pending, then the credit. A declining card ends in the error
// modal with nothing moved. A payout to a card is pending, then completed, the balance dropping
// once. Afterwards no table and no server log line holds a test card's full number.

const CHALLENGE_CARD = "4000000000003220";
const DECLINE_CARD = "4000000000000002";
const PAYOUT_CARD = "4242424242424242";

async function usdt(customer: Customer): Promise<bigint> {
  const wallet = (await serverWallets(customer)).find((w) => w.currency === "USDT");
  return wallet ? minorUnits(wallet.balance, "USDT") : 0n;
}

/** A pay-in card asks for its billing address; a payout card never does (spec §7's payout flow). */
async function addCard(page: Page, number: string, use: "payin" | "payout" = "payin") {
  await page.getByLabel("Card number").fill(number);
  expect(await page.getByLabel("Card number").inputValue()).toBe(number.replace(/(\d{4})(?=\d)/g, "$1 "));
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("Name on the card").fill("Ada Lovelace");
  if (use === "payin") {
    await page.getByLabel("Address", { exact: true }).fill("1 Main St");
    await page.getByLabel("City").fill("Berlin");
    await page.getByLabel("Postal code").fill("10115");
    await page.getByLabel("Country", { exact: true }).selectOption("DE");
  } else {
    expect(await page.getByLabel("Address", { exact: true }).count()).toBe(0);
  }
  await page.getByRole("button", { name: "Save card" }).click();
  await page.getByLabel("Card", { exact: true }).waitFor();
}

/**
 * The screenshots and accessibility checks may outlast the 20-second offer: renew it if it has
 * lapsed, or would lapse before the CVV is typed and Pay pressed (under 8 seconds left).
 */
async function freshPrice(page: Page) {
  const refresh = page.getByRole("button", { name: "Refresh the price" });
  const timer = page.getByText("Price valid for", { exact: false });
  const secondsLeft = async () => {
    const left = (await timer.textContent({ timeout: 1_000 }).catch(() => null))?.match(/(\d+):(\d{2})/);
    return left ? Number(left[1]) * 60 + Number(left[2]) : 0;
  };
  if (!(await refresh.isVisible()) && (await secondsLeft()) < 8) await refresh.waitFor({ timeout: 15_000 });
  if (await refresh.isVisible()) {
    await refresh.click();
    await timer.waitFor();
  }
}

async function quote(page: Page, amount: string) {
  await page.getByLabel(/^You (pay|withdraw)$/).fill(amount);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("timer").waitFor();
}

describe.skipIf(!e2eEnabled())("card pay-in with 3-D Secure and payout to a card", () => {
  let browser: Browser;
  let customer: Customer;
  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await customerAtKyc1();
    await credit(customer.phone, "USDT", "100");
  });
  afterAll(() => browser?.close());

  it("adds a card, pays 50 EUR through the challenge, sees pending then the credit", async () => {
    const { context, page } = await signedInPage(browser, customer);
    const before = await usdt(customer);
    await page.getByRole("button", { name: "Add funds" }).click();
    await page
      .getByRole("dialog", { name: "Add funds" })
      .getByRole("button", { name: "Via bank card" })
      .click();
    await page.getByRole("heading", { name: "Add funds by bank card", level: 1 }).waitFor();
    // Luhn, live: a mistyped number is flagged before anything is sent.
    await page.getByLabel("Card number").fill("4000000000003221");
    await page.getByText("This card number is not valid").waitFor();
    await shoot(page, "payin-add-card");
    await expectNoSeriousAxeViolations(page, "card pay-in, add a card");
    await addCard(page, CHALLENGE_CARD);
    await quote(page, "50");
    await page.getByText("The acquiring bank may add up to 2%.").waitFor();
    const receive = (await page.getByTestId("card-pay-receive").textContent()) ?? "";
    await shoot(page, "payin-quoted");
    await expectNoSeriousAxeViolations(page, "card pay-in, quoted");
    await freshPrice(page);
    await page.getByLabel("CVV").fill("123");
    await page.getByRole("button", { name: /^Pay / }).click();

    // The sandbox bank's page: the one-time code.
    await page.getByRole("heading", { name: "Confirm your payment" }).waitFor();
    await shoot(page, "payin-challenge");
    const code = (await page.getByTestId("challenge-code").textContent()) ?? "";
    await page.getByLabel("One-time code").fill(code);
    await page.getByRole("button", { name: "Confirm" }).click();

    // Back on /top-up/card: pending, then the credit.
    await page.getByRole("dialog", { name: "Pending" }).waitFor({ timeout: 15_000 });
    await page.getByText("Waiting for your bank to confirm the payment", { exact: false }).waitFor();
    await shoot(page, "payin-pending", { modal: true });
    const success = page.getByRole("dialog", { name: "Funds added" });
    await success.waitFor({ timeout: 30_000 });
    await shoot(page, "payin-success", { modal: true });
    const received = minorUnits(receive.replace(/[^\d.]/g, ""), "USDT");
    expect(received).toBeGreaterThan(0n);
    expect((await usdt(customer)) - before).toBe(received);
    await success.getByRole("button", { name: "Done" }).click();
    await context.close();
  }, 120_000);

  it("a declining card shows the error modal and nothing moves", async () => {
    const { context, page } = await signedInPage(browser, customer);
    const before = await usdt(customer);
    await page.goto(`${new URL(page.url()).origin}/top-up/card`);
    const another = page.getByRole("button", { name: "Add a card" });
    await page.getByLabel("Card number").or(another).first().waitFor();
    if (await another.isVisible()) await another.click();
    await addCard(page, DECLINE_CARD);
    await quote(page, "20");
    await page.getByLabel("CVV").fill("123");
    await page.getByRole("button", { name: /^Pay / }).click();
    const error = page.getByRole("dialog", { name: "Something went wrong" });
    await error.waitFor({ timeout: 15_000 });
    await error.getByText("Your bank declined the payment", { exact: false }).waitFor();
    await shoot(page, "payin-declined", { modal: true });
    expect(await usdt(customer)).toBe(before);
    await context.close();
  }, 60_000);

  it("a payout to a card shows pending, then completed; the balance drops once", async () => {
    const { context, page } = await signedInPage(browser, customer);
    const before = await usdt(customer);
    await page.getByRole("button", { name: "Withdraw" }).click();
    await page.getByRole("heading", { name: "Withdraw to a card", level: 1 }).waitFor();
    await addCard(page, PAYOUT_CARD, "payout");
    await quote(page, "20");
    await shoot(page, "payout-quoted");
    await expectNoSeriousAxeViolations(page, "card payout, quoted");
    await freshPrice(page);
    await page.getByRole("button", { name: /^Withdraw / }).click();
    await page.getByRole("dialog", { name: "Pending" }).waitFor({ timeout: 15_000 });
    await shoot(page, "payout-pending", { modal: true });
    await page.getByRole("dialog", { name: "Withdrawal completed" }).waitFor({ timeout: 30_000 });
    await shoot(page, "payout-success", { modal: true });
    expect(before - (await usdt(customer))).toBe(minorUnits("20", "USDT"));
    // Some time later it has still dropped exactly once.
    await page.waitForTimeout(2_000);
    expect(before - (await usdt(customer))).toBe(minorUnits("20", "USDT"));
    await context.close();
  }, 90_000);

  it("leaves no full card number in any table or the server log, and the ledger audits clean", async () => {
    const databaseUrl = inject("e2eDatabaseUrl");
    const pans = [CHALLENGE_CARD, DECLINE_CARD, PAYOUT_CARD];
    const scan = await scanDatabase(
      databaseUrl,
      pans.map((pan) => ({ value: pan, label: pan })),
    );
    expect(scan.tables).toBeGreaterThan(20);
    expect(scan.found).toEqual([]);
    const log = readFileSync(inject("e2eLogFile"), "utf8");
    expect(log.length).toBeGreaterThan(0);
    for (const pan of pans) expect(log).not.toContain(pan);
    expect(await ledgerOperationCount(databaseUrl)).toBeGreaterThanOrEqual(3);
    expect(await ledgerViolations(databaseUrl)).toEqual([]);
  });
});
