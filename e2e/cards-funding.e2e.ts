import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { activeVirtualCard } from "./active-card-support.ts";
import { expectNoSeriousAxeViolations } from "./axe.ts";
import { baseUrl, e2eEnabled, launchBrowser, shoot } from "./browser.ts";
import { ledgerViolations } from "./ledger-audit.ts";
import {
  type Customer,
  credit,
  customerAtKyc1,
  minorUnits,
  serverWallets,
  signedInPage,
} from "./wallets-support.ts";

// A card's money in the browser: a customer with an ACTIVE virtual card (ordered, paid in USDT,
// issued and activated over HTTP, as the sandbox would) tops it up from USDT on
// /cards/top-up/crypto, buys a coffee in the sandbox console, sees both in the card's history;
// the ledger audits clean.

/** A signed-in JSON call of the customer's; fails unless 2xx. */
async function api<T>(
  c: Customer,
  method: string,
  route: string,
  body?: object,
  headers: Record<string, string> = {},
) {
  const { access_token: token } = await c.signIn();
  const response = await fetch(`${baseUrl()}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : null,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

type Listed = { id: string | null; balance: { value: string } };
const usdt = async (c: Customer) =>
  minorUnits((await serverWallets(c)).find((w) => w.currency === "USDT")?.balance ?? "0", "USDT");
const balanceOf = async (c: Customer, cardId: string) =>
  (await api<{ cards: Listed[] }>(c, "GET", "/v2/card/list?cp=CP_1")).cards.find((x) => x.id === cardId)
    ?.balance.value;

describe.skipIf(!e2eEnabled())(
  "card funding: top up from USDT, spend at a shop, see the card's history",
  () => {
    let browser: Browser;
    let customer: Customer;
    let card: { id: string; cardRequestId: string };
    beforeAll(async () => {
      browser = await launchBrowser();
      customer = await customerAtKyc1();
      await credit(customer.phone, "USDT", "200");
      const active = await activeVirtualCard(customer);
      if (!active.id) throw new Error("the active card has no id");
      card = { id: active.id, cardRequestId: active.cardRequestId };
    }, 90_000);
    afterAll(() => browser?.close());

    it("tops the card up from USDT through the modal and /cards/top-up/crypto", async () => {
      const { context, page } = await signedInPage(browser, customer);
      await page.goto(`${baseUrl()}/cards`);
      const item = page.getByTestId(`card-${card.cardRequestId}`);
      await item.getByTestId(`card-balance-${card.id}`).getByText("0.00").waitFor();
      await item.getByRole("button", { name: "Top up" }).click();
      const modal = page.getByRole("dialog", { name: "Top up card" });
      await modal.waitFor();
      await expect(modal.getByRole("button", { name: "Via bank account" }).isDisabled()).resolves.toBe(true);
      await modal.getByText("Coming soon").waitFor();
      await shoot(page, "card-funding-modal", { modal: true });
      await expectNoSeriousAxeViolations(page, "card top-up modal");
      await modal.getByRole("button", { name: /Via crypto wallets/ }).click();

      await page.getByRole("heading", { name: "Top up a card from crypto", level: 1 }).waitFor();
      // Issue 47: the card by the spec's masks ("4000 •••• 3220", or "•• 3220" when the issuer
      // gives only the last four digits), never the issuer's raw one.
      await page
        .locator(".k-top-up__card")
        .getByText(/^Card (\d{4} •••• |•• )\d{4}$/)
        .waitFor();
      expect(await page.locator("main").textContent()).not.toMatch(/\d\*{4,}\d/);
      // "Pay from" lists only wallets that can pay: the customer holds USDT only.
      const payFrom = page.getByLabel("Pay from");
      // The wallets arrive after the screen: wait for the list, then judge all of it.
      await expect
        .poll(() => payFrom.locator("option").allTextContents())
        .toEqual([expect.stringMatching(/^USDT · /)]);
      await payFrom.selectOption("USDT");
      await page.getByLabel("The card receives (EUR)").fill("25");
      await page.getByTestId("top-up-receives").getByText("25.00").waitFor();
      await page
        .getByRole("timer")
        .getByText(/Price updates in 00:\d\d/)
        .waitFor();
      await shoot(page, "card-funding-top-up");
      await expectNoSeriousAxeViolations(page, "card top-up page");
      const before = await usdt(customer);
      // What the screen says the wallet pays, read as the button is pressed.
      const shown = (await page.getByTestId("top-up-pays").textContent()) ?? "";
      // The button names both sides: what the wallet pays (as shown above it) and what the card gets.
      const pay = page.getByRole("button", { name: /^Pay .+ · card gets €25\.00$/ });
      expect(await pay.textContent()).toContain(shown.trim());
      await pay.click();
      const success = page.getByRole("dialog").filter({ hasText: "Your card is topped up" });
      await success.waitFor();
      // The price shown is the price charged, to the minor unit.
      expect(before - (await usdt(customer))).toBe(minorUnits(shown.replace(/[^\d.]/g, ""), "USDT"));
      expect(await success.textContent()).not.toMatch(/\d\*{4,}\d/);
      await shoot(page, "card-funding-receipt", { modal: true });
      await success.getByRole("button", { name: "Back to cards" }).click();
      await page.getByRole("heading", { name: "Cards", level: 1 }).waitFor();
      expect(await balanceOf(customer, card.id)).toBe("25.00");
      await context.close();
    }, 90_000);

    it("buys a coffee in the sandbox console and shows it in the card's history", async () => {
      const { context, page } = await signedInPage(browser, customer);
      await page.goto(`${baseUrl()}/sandbox/issuer/spending`);
      await page.getByLabel("Card").selectOption(card.cardRequestId);
      await page.getByLabel("Shop").fill("Corner Coffee");
      await page.getByLabel("Amount, EUR").fill("4.50");
      await page.getByRole("button", { name: "Make the purchase" }).click();
      await page.getByRole("status").getByText("Corner Coffee, 4.50 EUR: APPROVED.").waitFor();
      await shoot(page, "card-funding-console");
      // A purchase the balance cannot cover, through the JSON route: declined, with its reason.
      const declined = await fetch(`${baseUrl()}/sandbox/issuer/purchase`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          cardRequestId: card.cardRequestId,
          shop: "Grand Piano Store",
          amount: "9000",
        }),
      });
      expect(await declined.json()).toMatchObject({
        state: "DECLINED",
        declineReason: "INSUFFICIENT_BALANCE",
      });
      expect(await balanceOf(customer, card.id)).toBe("20.50");

      await page.goto(`${baseUrl()}/cards`);
      const item = page.getByTestId(`card-${card.cardRequestId}`);
      await item.getByTestId(`card-balance-${card.id}`).getByText("20.50").waitFor();
      await item.getByRole("button", { name: "History" }).click();
      const history = item.getByRole("region", { name: "Card history" });
      await history.getByText("Corner Coffee").waitFor();
      await history.getByText("Not enough money on the card").waitFor();
      await history.getByText("From your USDT wallet").waitFor();
      await shoot(page, "card-funding-history");
      await expectNoSeriousAxeViolations(page, "cards with history");
      await context.close();
    }, 90_000);

    it("leaves a ledger that passes every ledger:audit invariant", async () => {
      expect(await ledgerViolations(inject("e2eDatabaseUrl"))).toEqual([]);
    });
  },
);
