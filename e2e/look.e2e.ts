import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousAxeViolations } from "./axe.ts";
import { baseUrl, e2eEnabled, launchBrowser, shoot, VIEWPORTS } from "./browser.ts";
import { type Customer, credit, customerAtKyc1, signedInPage } from "./wallets-support.ts";

// Issue 47, the look: at a phone's 390 px and a desktop's 1440 px no page scrolls sideways and
// every picture (the merchant's banners above all) is drawn at its own aspect ratio, within 2 %.

const PAGES = [
  { name: "home", path: "/", heading: "Home" },
  { name: "history", path: "/history", heading: "History" },
  { name: "cards", path: "/cards", heading: "Cards" },
  { name: "card-order", path: "/cards/order", heading: "Order a card" },
  { name: "exchange", path: "/exchange", heading: "Exchange" },
] as const;

/** Images on the page whose box is more than 2 % off their artwork's aspect ratio. */
function distortedImages(page: Page) {
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => image.complete && image.naturalWidth > 0 && image.getClientRects().length > 0)
      .map((image) => {
        const box = image.getBoundingClientRect();
        const own = image.naturalWidth / image.naturalHeight;
        return {
          src: image.src,
          drawn: `${box.width}x${box.height}`,
          off: Math.abs(box.width / box.height / own - 1),
        };
      })
      .filter((image) => image.off > 0.02),
  );
}

/** How many CSS pixels the page is wider than its viewport (0 when nothing overflows). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Cards whose content runs into their right padding (history's list sat 4 px past a phone's card). */
const overflowingCards = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>(".k-surface")).flatMap((card) => {
      const edge =
        card.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(card).paddingRight);
      return Array.from(card.children)
        .filter((child) => child.getBoundingClientRect().right > edge + 0.5)
        .map(
          (child) => `${child.className} ends ${child.getBoundingClientRect().right - edge} px past its card`,
        );
    }),
  );

describe.skipIf(!e2eEnabled())("the look of the customer app", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let customer: Customer;

  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await customerAtKyc1();
    await credit(customer.phone, "USDT", "994.67");
    await credit(customer.phone, "ETH", "0.2074");
    ({ context, page } = await signedInPage(browser, customer));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  for (const viewport of ["mobile", "desktop"] as const) {
    it(`draws pictures at their own ratio and nothing wider than the screen (${viewport})`, async () => {
      await page.setViewportSize(VIEWPORTS[viewport]);
      for (const { name, path, heading } of PAGES) {
        await page.goto(`${baseUrl()}${path}`);
        await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
        await page.waitForLoadState("networkidle");
        // Lazy pictures below the fold load once scrolled to.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForLoadState("networkidle");
        await page.evaluate(() => window.scrollTo(0, 0));
        if (viewport === "mobile") await shoot(page, `look-${name}`);
        expect({ name, overflow: await overflow(page) }).toEqual({ name, overflow: 0 });
        expect({ name, cards: await overflowingCards(page) }).toEqual({ name, cards: [] });
        expect({ name, distorted: await distortedImages(page) }).toEqual({ name, distorted: [] });
        // The new pieces (banner strip, step bar, icons, card art) keep the pages accessible.
        await expectNoSeriousAxeViolations(page, `${name} at ${viewport}`);
      }
    });
  }

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
