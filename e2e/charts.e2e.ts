import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, e2eEnabled, launchBrowser, VIEWPORTS } from "./browser.ts";
import { type Customer, credit, customerAtKyc1, signedInPage } from "./wallets-support.ts";

// Issue 47: home's 30 days chart and exchange's rate sparkline, drawn in the real app from the
// real calls, in a box that does not move the page when the line arrives. The gallery's
// pictures of home and exchange come from walk.e2e.ts (SCREENS=1), like every other route's.

/** The top of an element, in page coordinates. */
const topOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((e) => e.getBoundingClientRect().top + window.scrollY);

describe.skipIf(!e2eEnabled())("charts", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let customer: Customer;

  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await customerAtKyc1();
    await credit(customer.phone, "USDT", "250");
    await credit(customer.phone, "BTC", "0.01");
    ({ context, page } = await signedInPage(browser, customer));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  for (const viewport of ["mobile", "desktop"] as const) {
    it(`draws home's total over 30 days under the total, without moving the page (${viewport})`, async () => {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.goto(`${baseUrl()}/`);
      const chart = page.locator(".k-balance-chart .k-chart");
      await chart.waitFor();
      const boxBefore = await chart.boundingBox();
      const actionsBefore = await topOf(page, ".k-balance-chart + *");
      // Money arrived today: the line rises from nothing to today's total.
      const figure = page.getByRole("img", {
        name: /^Total balance over the last 30 days: up from €0\.00 to €/,
      });
      await figure.waitFor();
      await page.locator(".k-balance-chart path.sparkline--line").waitFor();
      expect((await chart.boundingBox())?.height).toBe(boxBefore?.height);
      expect(await topOf(page, ".k-balance-chart + *")).toBe(actionsBefore);
    });

    it(`draws the pair's last 24 hours on exchange (${viewport})`, async () => {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.goto(`${baseUrl()}/exchange`);
      const figure = page.getByRole("img", {
        name: /^[A-Z]+ in [A-Z]+ over the last 24 hours: (up|down|unchanged)/,
      });
      await figure.waitFor();
      await page.locator(".k-exchange__rate-chart path.sparkline--line").waitFor();
      expect((await figure.boundingBox())?.height).toBe(48);
    });
  }
});
