import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { nextCode, smsCount, typeCode } from "./accounts-support.ts";
import { expectNoSeriousAxeViolations } from "./axe.ts";
import { baseUrl, e2eEnabled, launchBrowser, shoot } from "./browser.ts";
import { customerGet } from "./kyc-support.ts";
import { ledgerViolations } from "./ledger-audit.ts";
import { type Customer, credit, customerAtKyc1, eventually, signedInPage } from "./wallets-support.ts";

// IBAN on screen: ordered and issued, a SEPA transfer received from the sandbox console, USDT
// exchanged into it, a withdrawal to a new recipient (pending, then executed), one the bank
// returns (refunded once); the ledger audits clean after.

type IbanList = { ibans: Array<{ id: string; iban: string; balance: string; availableBalance: string }> };
const ibanOf = async (c: Customer) => (await customerGet<IbanList>(c, "/v2/iban/list")).ibans[0];
const balanceIs = (c: Customer, balance: string) =>
  eventually(
    async () => ((await ibanOf(c))?.balance === balance ? balance : undefined),
    `IBAN balance ${balance}`,
  );

/**
 * /iban/withdraw/bank with its "Available: …" line drawn: the line arrives with its own call and
 * pushes the form down (two lines on a phone), so nothing is clicked before it.
 */
async function openWithdraw(page: Page) {
  await page.goto(`${baseUrl()}/iban/withdraw/bank`);
  await page.getByText(/^Available: /).waitFor();
}

/** A withdrawal on iban/withdraw/bank to the recipient chosen, confirmed by its SMS code. */
async function withdraw(page: Page, customer: Customer, amount: string, shots?: string) {
  await page.getByLabel("Amount").fill(amount);
  const seen = await smsCount(customer.phone);
  if (shots) await shoot(page, `${shots}-form`);
  await page.getByRole("button", { name: "Continue" }).click();
  const sms = page.getByRole("dialog", { name: "SMS confirmation" });
  await sms.waitFor();
  await typeCode(page, await nextCode(customer.phone, seen));
  await sms.getByRole("button", { name: "Confirm" }).click();
  const pending = page.getByRole("dialog", { name: "Transfer on its way" });
  await pending.getByText(/Waiting for the bank to execute the SEPA transfer/).waitFor();
  if (shots) await shoot(page, `${shots}-pending`, { modal: true });
  await pending.getByRole("button", { name: "Back to IBAN account" }).click();
  await page.getByRole("heading", { name: "IBAN accounts", level: 1 }).waitFor();
}

describe.skipIf(!e2eEnabled())("iban: order, receive, exchange, withdraw, return", () => {
  let browser: Browser;
  let customer: Customer;
  let page: Page;
  let iban = "";
  let firstCodeAt = 0;
  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await customerAtKyc1();
    await credit(customer.phone, "USDT", "300");
    page = (await signedInPage(browser, customer)).page;
  });
  afterAll(() => browser?.close());

  it("orders an IBAN and sees it issued, with IBAN and BIC to copy", async () => {
    await page.goto(`${baseUrl()}/iban`);
    await page.getByRole("button", { name: "Order IBAN" }).waitFor();
    await shoot(page, "iban-about");
    await page.getByRole("button", { name: "Order IBAN" }).click();
    // Verified already: the order resumes at the first open step.
    await page.getByText("Sources of income", { exact: true }).waitFor();
    await page.getByRole("checkbox", { name: "Salary" }).check();
    await page.getByLabel("Expected monthly turnover (EUR)").selectOption("1001-3000");
    await page.getByLabel("Country of tax residence").selectOption({ label: "Germany" });
    await page.getByLabel("Tax identification number").fill("DE123456789");
    await shoot(page, "iban-information");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("City").waitFor();
    await page.getByLabel("Country", { exact: true }).selectOption({ label: "Germany" });
    await page.getByLabel("City").fill("Berlin");
    await page.getByLabel("Address", { exact: true }).fill("Hauptstraße 1");
    await page.getByLabel("Postal code").fill("10115");
    await shoot(page, "iban-address");
    await page.getByRole("button", { name: "Order IBAN" }).click();
    const number = page.getByTestId("iban-number");
    await number.waitFor({ timeout: 30_000 });
    iban = ((await number.textContent()) ?? "").replace(/\s/g, "");
    expect(iban).toMatch(/^LT\d{18}$/);
    expect(await page.getByTestId("iban-bic").textContent()).toBe("KSTLLT22XXX");
    await page.getByRole("button", { name: "Copy IBAN" }).waitFor();
    await shoot(page, "iban-account");
    await expectNoSeriousAxeViolations(page, "the IBAN account");
  });

  it("receives a SEPA transfer sent from the sandbox console", async () => {
    const consolePage = await page.context().newPage();
    await consolePage.goto(`${baseUrl()}/sandbox/bank`);
    await consolePage.getByLabel("To IBAN").fill(iban);
    await consolePage.getByLabel("Amount (EUR)").fill("200.00");
    await consolePage.getByLabel("Reference").fill("Salary November");
    await consolePage.getByRole("button", { name: "Send transfer" }).click();
    await consolePage
      .getByRole("status")
      .getByText(/Transfer sent/)
      .waitFor();
    await consolePage.close();
    await balanceIs(customer, "200.00");
    await page.reload();
    await page.getByText("Received from Erika Mustermann").waitFor({ timeout: 15_000 });
    await page.getByText(/Salary November/).waitFor();
  });

  it("exchanges USDT into the IBAN's EUR", async () => {
    const exchange = page.locator(".k-iban__exchange");
    await exchange.getByLabel("From wallet").selectOption("USDT");
    await exchange.getByLabel("Amount").fill("100");
    await exchange.getByRole("button", { name: "Continue" }).click();
    await exchange.getByText(/You get/).waitFor();
    await shoot(page, "iban-exchange-quote");
    await exchange.getByRole("button", { name: "Exchange" }).click();
    await exchange.getByText(/Exchanged/).waitFor();
    const after = await eventually(async () => {
      const i = await ibanOf(customer);
      return i && Number(i.balance) > 200 ? i.balance : undefined;
    }, "the exchange credited");
    expect(Number(after)).toBeGreaterThan(250);
    await page.getByText(/Exchanged from USDT wallet/).waitFor({ timeout: 15_000 });
  });

  it("withdraws to a new recipient: pending, saying what it waits for, then done", async () => {
    const before = (await ibanOf(customer))?.balance ?? "0";
    await openWithdraw(page);
    await page.getByLabel("Account holder's name").fill("Max Mustermann");
    await page.getByLabel("IBAN", { exact: true }).fill("DE89 3704 0044 0532 0130 01");
    await page.getByLabel("BIC", { exact: true }).fill("COBADEFFXXX");
    await page.getByRole("button", { name: "Save recipient" }).click();
    // A wrong check digit is refused on the IBAN field.
    await page.getByText("This IBAN is not valid. Please check it.").waitFor();
    await page.getByLabel("IBAN", { exact: true }).fill("DE89 3704 0044 0532 0130 00");
    await page.getByRole("button", { name: "Save recipient" }).click();
    await page.getByRole("radio", { name: /Max Mustermann/ }).waitFor();
    firstCodeAt = Date.now();
    await withdraw(page, customer, "50.00", "iban-withdraw");
    await page.getByText("Sent to Max Mustermann").first().waitFor();
    // The sandbox bank executes it after its delay (BANK_EXECUTION_SECONDS): 50 and the 1.00 fee left.
    const expected = (Number(before) - 51).toFixed(2);
    await eventually(
      async () => {
        const i = await ibanOf(customer);
        return i?.balance === expected && i.availableBalance === expected ? expected : undefined;
      },
      "the withdrawal executed",
      60_000,
    );
    // The withdrawal's own row says so (earlier rows of this customer say Completed too).
    await page
      .getByRole("listitem")
      .filter({ hasText: "Sent to Max Mustermann" })
      .getByText(/Completed/)
      .first()
      .waitFor({ timeout: 15_000 });
  });

  it("refunds a transfer the bank returns, once", async () => {
    const before = (await ibanOf(customer))?.balance ?? "0";
    // A new SMS code may be texted 60 seconds after the last one (spec §9).
    await page.waitForTimeout(Math.max(0, 62_000 - (Date.now() - firstCodeAt)));
    await openWithdraw(page);
    await page.getByRole("radio", { name: /Max Mustermann/ }).check();
    // 66 cents: the sandbox bank returns it ("AC04 Account closed") when it is due.
    await withdraw(page, customer, "12.66");
    await page.getByText(/Returned: AC04 Account closed/).waitFor({ timeout: 60_000 });
    await shoot(page, "iban-returned");
    await balanceIs(customer, before);
    const item = await ibanOf(customer);
    expect(item?.availableBalance).toBe(before);
    const history = await customerGet<{ items: Array<{ status: string; amount: string }> }>(
      customer,
      `/v2/history/iban/${item?.id}`,
    );
    expect(history.items.filter((i) => i.status === "RETURNED")).toHaveLength(1);
  }, 150_000);

  it("leaves a ledger that passes every ledger:audit invariant", async () => {
    expect(await ledgerViolations(inject("e2eDatabaseUrl"))).toEqual([]);
  });
});
