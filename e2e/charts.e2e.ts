import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, e2eEnabled, launchBrowser, VIEWPORTS } from "./browser.ts";
import { type Customer, credit, customerAtKyc1, signedInPage } from "./wallets-support.ts";

// Issue 47: home's 30 days chart and exchange's rate sparkline, drawn in the real app from the
// real calls, in a box that does not move the page when the line arrives. With SCREENS=1 it also
// refreshes home's and exchange's pictures of the gallery (docs/screens, as walk.e2e.ts makes them).

const SCREENS_DIR = path.resolve(import.meta.dirname, "../docs/screens");

/** The whole page in one viewport (the phone's tab bar at its foot), reduced with pngquant. */
async function shoot(page: Page, name: string) {
  const file = path.join(SCREENS_DIR, `${name}.png`);
  const { width, height } = page.viewportSize() ?? VIEWPORTS.mobile;
  const full = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height: Math.max(height, full) });
  await page.waitForTimeout(100);
  await page.screenshot({ path: file });
  await page.setViewportSize({ width, height });
  await promisify(execFile)("pngquant", [
    "--force",
    "--ext",
    ".png",
    "--quality",
    "60-85",
    "--speed",
    "1",
    file,
  ]);
}

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
      if (process.env.SCREENS === "1") await shoot(page, `home-${viewport}`);
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
      if (process.env.SCREENS === "1") await shoot(page, `exchange-${viewport}`);
    });
  }
});
