import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, e2eEnabled, launchBrowser, VIEWPORTS } from "./browser.ts";
import { type Customer, customerAtKyc1, signedInPage } from "./wallets-support.ts";

// Issue 47, the look of two pieces at a phone's size: the card order's step bar and home's
// banner strip. Every route's overflow, pictures, texts, spinners and axe: walk.e2e.ts.

describe.skipIf(!e2eEnabled())("the look of the customer app", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let customer: Customer;

  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await customerAtKyc1();
    ({ context, page } = await signedInPage(browser, customer));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it("shows the card order's progress as one bar on a phone, not rows of step names", async () => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(`${baseUrl()}/cards/order`);
    const bar = page.getByRole("progressbar", { name: "Order a card" });
    await expect.poll(() => bar.getAttribute("aria-valuetext")).toBe("Step 1 of 6");
    expect((await bar.boundingBox())?.height).toBeLessThan(12);
    // The steps' names are there for screen readers only: a visually hidden 1 px list.
    expect(
      (await page.getByRole("list", { name: "Order a card" }).boundingBox())?.height,
    ).toBeLessThanOrEqual(1);
  });

  it("shows the merchant's banners on a phone's home in a compact strip", async () => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(`${baseUrl()}/`);
    const banners = page.locator(".k-banner");
    await banners.first().waitFor();
    const tallest = Math.max(
      ...(await banners.evaluateAll((all) => all.map((b) => b.getBoundingClientRect().height))),
    );
    // Two thirds of the page before; a strip of one row now.
    expect(tallest).toBeLessThan(160);
  });
});
