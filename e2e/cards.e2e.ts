import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoSeriousAxeViolations } from "./axe.ts";
import { baseUrl, e2eEnabled, launchBrowser, shoot } from "./browser.ts";
import { issuedCardNumbers, scanDatabase } from "./database-scan.ts";
import { customerGet } from "./kyc-support.ts";
import { ledgerViolations } from "./ledger-audit.ts";
import {
  type Customer,
  credit,
  customerAtKyc1,
  eventually,
  minorUnits,
  serverWallets,
  signedInPage,
} from "./wallets-support.ts";

// Cards on screen: a virtual CP_1 card paid in USDT and activated; a plastic CP_2 card shipped in
// the sandbox console and activated with the mailed code; a paid order cancelled and refunded
// once; the ledger audits clean, and no table holds an issued card's number in clear.

type Listed = { id: string | null; cardRequestId: string; status: string; displayStatus: string };

const usdt = async (c: Customer) =>
  minorUnits((await serverWallets(c)).find((w) => w.currency === "USDT")?.balance ?? "0", "USDT");
const cards = async (c: Customer, cp: string) =>
  (await customerGet<{ cards: Listed[] }>(c, `/v2/card/list?cp=${cp}`)).cards;

/** The newest activation code the sandbox issuer texted the phone. */
async function activationCode(phone: string): Promise<string> {
  return eventually(async () => {
    const answer = (await (await fetch(`${baseUrl()}/sandbox/sms?phone=${phone}`)).json()) as {
      data: Array<{ body: string }>;
    };
    const text = answer.data.find((m) => /activation code/i.test(m.body));
    return text ? /(\d{6})$/.exec(text.body)?.[1] : undefined;
  }, "the activation code");
}

/**
 * Both programs' prices and lists are in (no section still loading): until then a section grows
 * as its list arrives, and the buttons below it move under the pointer.
 */
async function cardsLoaded(page: Page) {
  await page
    .getByRole("region", { name: /^Kestrel (Everyday|Travel)$/ })
    .first()
    .waitFor();
  await expect.poll(() => page.locator(".k-cards__program .k-spinner").count()).toBe(0);
}

/**
 * Walks /cards/order from the program's "Order a card" to paying, whatever step it resumes at;
 * answers the crypto price the checkout showed when Pay was pressed (the offer it executes).
 * `lapse`: the page's clock jumps past the offer's validity first, so the price is asked again.
 */
async function orderCard(
  page: Page,
  o: {
    program: string;
    form: "Virtual card" | "Plastic card";
    colour: string;
    shots?: string;
    lapse?: boolean;
  },
): Promise<string> {
  if (o.lapse) await page.clock.install();
  await page.goto(`${baseUrl()}/cards`);
  await cardsLoaded(page);
  const section = page.getByRole("region", { name: o.program });
  await section.getByRole("link", { name: /Order (a|another) card/ }).click();
  const step = page.locator("#card-order-step");
  for (let i = 0; i < 8; i++) {
    await step.waitFor();
    const name = (await step.textContent())?.trim();
    const shot = async () =>
      o.shots ? shoot(page, `${o.shots}-${name?.toLowerCase().replaceAll(" ", "-")}`) : undefined;
    if (name === "Card type") {
      await page.getByRole("radio", { name: o.form }).check();
      await page.getByRole("radio", { name: o.colour }).check();
      await shot();
      await page.getByRole("button", { name: "Continue" }).click();
    } else if (name === "Additional information") {
      await page.getByRole("checkbox", { name: "Salary" }).check();
      await page.getByLabel("Expected monthly turnover (EUR)").selectOption("0-1000");
      await page.getByLabel("Country of tax residence").selectOption({ label: "Germany" });
      await page.getByLabel("Tax identification number").fill("12345678901");
      await page.getByRole("checkbox", { name: /information I gave is correct/ }).check();
      await shot();
      await page.getByRole("button", { name: "Continue" }).click();
    } else if (name === "Name on your card") {
      await page.getByLabel("First name").fill("Ada");
      await page.getByLabel("Last name").fill("Lovelace");
      await shot();
      await page.getByRole("button", { name: "Continue" }).click();
    } else if (name === "Billing address") {
      await page.getByLabel("Country").selectOption({ label: "Germany" });
      await page.getByLabel("City").fill("Berlin");
      await page.getByLabel("Address", { exact: true }).fill("Invalidenstr. 1");
      await page.getByLabel("Postal code").fill("10115");
      await shot();
      await page.getByRole("button", { name: "Continue" }).click();
    } else if (name === "Order confirmation") {
      await page.getByLabel("Pay with").selectOption("USDT");
      const price = page.getByTestId("crypto-price");
      await price.getByText(/USDT/).waitFor();
      const timer = page.getByRole("timer");
      await timer.getByText(/^Price valid for 0[01]:\d\d$/).waitFor();
      // The terms are agreed once, by their box on the page: no second confirmation in a dialog.
      const pay = page.getByRole("button", { name: /^Pay / });
      expect(await pay.isDisabled()).toBe(true);
      await page.getByRole("checkbox", { name: /I have read and agree with the/ }).check();
      expect(await page.getByRole("dialog").count()).toBe(0);
      if (o.lapse) {
        await page.clock.fastForward("01:01");
        await timer.getByText("This price has expired.").waitFor();
        // No paying a lapsed price: only asking for a new one.
        expect(await page.getByRole("button", { name: /^Pay / }).count()).toBe(0);
        await page.getByRole("button", { name: "Get a new price" }).click();
        await timer.getByText(/^Price valid for 0[01]:\d\d$/).waitFor();
      }
      await shot();
      const shown = (await price.textContent())?.trim() ?? "";
      // The button pays the price on screen, not another.
      await page.getByRole("button", { name: `Pay ${shown}` }).click();
      await page.getByRole("heading", { name: "Cards", level: 1 }).waitFor();
      return shown;
    } else {
      throw new Error(`unexpected order step ${name}`);
    }
    // The next step's heading replaces this one.
    await page.waitForFunction(
      (before) => document.querySelector("#card-order-step")?.textContent?.trim() !== before,
      name,
    );
  }
  throw new Error("the order did not reach its confirmation");
}

/** The sandbox console's issuer page: moves the order's clock one step, as a tester would. */
async function advanceInConsole(page: Page, requestId: string, expected: string) {
  await page.goto(`${baseUrl()}/sandbox/issuer`);
  await page.locator(`tr[data-order="${requestId}"] button`).click();
  await page.getByRole("status").getByText(`is now ${expected}`).waitFor();
}

async function activate(page: Page, code: string, shots?: string) {
  await cardsLoaded(page);
  await page.getByRole("button", { name: "Activate" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Activate your card" });
  await dialog.waitFor();
  await dialog.getByRole("textbox").first().click();
  await page.keyboard.type(code);
  if (shots) await shoot(page, shots, { modal: true });
  await dialog.getByRole("button", { name: "Activate" }).click();
  await dialog.waitFor({ state: "hidden" });
}

describe.skipIf(!e2eEnabled())("cards: order, pay in crypto, issue, ship, activate, cancel", () => {
  let browser: Browser;
  let customer: Customer;
  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await customerAtKyc1();
    await credit(customer.phone, "USDT", "200");
  });
  afterAll(() => browser?.close());

  it("orders a virtual CP_1 card paid in USDT and sees it ACTIVE", async () => {
    const { context, page } = await signedInPage(browser, customer);
    await page.goto(`${baseUrl()}/cards`);
    await page
      .getByRole("region", { name: "Kestrel Everyday" })
      .getByText("You have no cards in this program yet.")
      .waitFor();
    // What the customer reads: the merchant's name and description, the plan in its own words
    // (not Earn's Fixed/Flexible), the fees as one total.
    const everyday = page.getByRole("region", { name: "Kestrel Everyday" });
    await everyday
      .getByText("A Visa card for shopping online and in shops, topped up from your crypto.")
      .waitFor();
    expect(await everyday.getByText("1.75 % of each card payment").count()).toBe(2);
    expect(await everyday.getByText("Monthly", { exact: true }).count()).toBe(2);
    expect(await everyday.getByText(/Mark-up|Fixed/).count()).toBe(0);
    await shoot(page, "cards-empty");
    await expectNoSeriousAxeViolations(page, "cards, empty");
    const before = await usdt(customer);
    const shown = await orderCard(page, {
      program: "Kestrel Everyday",
      form: "Virtual card",
      colour: "Blue",
      shots: "cards-order",
    });
    const [order] = await cards(customer, "CP_1");
    if (!order) throw new Error("no order");
    expect(order).toMatchObject({ status: "IN_PROGRESS", displayStatus: "PROGRESS" });
    // The price shown is the price charged, to the minor unit.
    expect(before - (await usdt(customer))).toBe(minorUnits(shown.replace(/[^\d.]/g, ""), "USDT"));
    await page.getByText("In progress").first().waitFor();
    await shoot(page, "cards-in-progress");

    await advanceInConsole(page, order.cardRequestId, "ISSUED");
    await page.goto(`${baseUrl()}/cards`);
    await page.getByText("Ready to activate").waitFor();
    await activate(page, await activationCode(customer.phone), "cards-activate");
    await page
      .getByRole("region", { name: "Kestrel Everyday" })
      .getByText("Active", { exact: true })
      .waitFor();
    await shoot(page, "cards-active");
    await expectNoSeriousAxeViolations(page, "cards, active");
    expect((await cards(customer, "CP_1"))[0]).toMatchObject({ status: "ACTIVE", displayStatus: "ACTIVE" });
    await context.close();
  }, 150_000);

  it("orders a plastic CP_2 card, ships it in the sandbox console and activates it with the mailed code", async () => {
    const { context, page } = await signedInPage(browser, customer);
    await orderCard(page, { program: "Kestrel Travel", form: "Plastic card", colour: "Gold" });
    const [order] = await cards(customer, "CP_2");
    if (!order) throw new Error("no order");
    await advanceInConsole(page, order.cardRequestId, "ORDER_PENDING");
    await advanceInConsole(page, order.cardRequestId, "ORDERED");
    await shoot(page, "cards-console-ordered");
    await advanceInConsole(page, order.cardRequestId, "IN_DELIVERY");
    // The code "mailed" with the card, as the console's text messages show it.
    await page.goto(`${baseUrl()}/sandbox?phone=${customer.phone}`);
    await page.getByText(/activation code in the envelope: \d{6}/).waitFor();
    const code = await activationCode(customer.phone);

    await page.goto(`${baseUrl()}/cards`);
    const section = page.getByRole("region", { name: "Kestrel Travel" });
    await section.getByText("On its way to you").waitFor();
    await shoot(page, "cards-plastic-in-delivery");
    await activate(page, code);
    await section.getByText("Delivered and activated").waitFor();
    expect((await cards(customer, "CP_2"))[0]).toMatchObject({ status: "ACTIVE", displayStatus: "ACTIVE" });
    await context.close();
  }, 120_000);

  it("cancels a paid order and gets the money back once", async () => {
    const { context, page } = await signedInPage(browser, customer);
    const before = await usdt(customer);
    // The offer lapses on screen first: the new price is shown, and that one is charged.
    const shown = await orderCard(page, {
      program: "Kestrel Everyday",
      form: "Virtual card",
      colour: "Gold",
      lapse: true,
    });
    const paidOrder = (await cards(customer, "CP_1")).find((c) => c.id === null);
    if (!paidOrder) throw new Error("no paid order");
    expect(before - (await usdt(customer))).toBe(minorUnits(shown.replace(/[^\d.]/g, ""), "USDT"));
    const section = page.getByRole("region", { name: "Kestrel Everyday" });
    await section.getByRole("button", { name: "Cancel order" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure you want to cancel your order?" });
    await shoot(page, "cards-cancel", { modal: true });
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => usdt(customer)).toBe(before);
    // Cancelling again (a retry) moves nothing more.
    const { access_token: token } = await customer.signIn();
    const again = await fetch(
      `${baseUrl()}/v2/card/card-requests/${paidOrder.cardRequestId}/cancel?cp=CP_1`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(again.status).toBe(200);
    expect(await usdt(customer)).toBe(before);
    expect((await cards(customer, "CP_1")).some((c) => c.cardRequestId === paidOrder.cardRequestId)).toBe(
      false,
    );
    await context.close();
  });

  it("leaves a ledger that passes every ledger:audit invariant", async () => {
    expect(await ledgerViolations(inject("e2eDatabaseUrl"))).toEqual([]);
  });

  it("leaves no issued card number in clear in any table", async () => {
    const databaseUrl = inject("e2eDatabaseUrl");
    const numbers = await issuedCardNumbers(databaseUrl);
    // This run's two cards at least (and any other suite's so far): the scan has something to find.
    expect(numbers.length).toBeGreaterThanOrEqual(2);
    const scan = await scanDatabase(
      databaseUrl,
      numbers.map((pan) => ({ value: pan, label: `card ending ${pan.slice(-4)}` })),
    );
    expect(scan.tables).toBeGreaterThan(20);
    expect(scan.found).toEqual([]);
  });
});
