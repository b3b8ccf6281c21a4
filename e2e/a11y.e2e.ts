import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../apps/web/src/lib/routes.ts";
import { openApp, openSignedIn } from "./accounts-support.ts";
import { expectNoSeriousAxeViolations } from "./axe.ts";
import { baseUrl, e2eEnabled, launchBrowser, VIEWPORTS } from "./browser.ts";

// Issue 32, item 3: keyboard and screen readers in Chromium against the started product. Every
// screen of apps/web/src/lib/routes.ts is checked by axe at 390 and 1440 px, signed out (the
// sign-in style pages) and signed in (every other one): a new route is checked without a new line.

/** What a visitor without a session can open (/status is public); every other route sends them to sign-in. */
const SIGNED_OUT: readonly string[] = [
  ROUTES.signIn,
  ROUTES.signUp,
  ROUTES.resetPassword,
  ROUTES.status,
  ROUTES.securityNotMe,
];
/** Signed in, sign-in and sign-up send the customer home, which is checked as "/". */
const SIGNED_IN = Object.values(ROUTES).filter((path) => path !== ROUTES.signIn && path !== ROUTES.signUp);

/** Opens `path` and waits for its screen: a level-1 heading, and no request still under way. */
async function openScreen(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState("networkidle");
}

async function axeAtBothSizes(page: Page, paths: readonly string[], who: string) {
  for (const viewport of ["mobile", "desktop"] as const) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    for (const path of paths) {
      await openScreen(page, path);
      await expectNoSeriousAxeViolations(page, `${path}, ${who}, ${VIEWPORTS[viewport].width} px`);
    }
  }
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/**
 * The dialog is listening for Escape: Radix adds its key listener in an effect, which React runs
 * after the next paint when the dialog was drawn by its code arriving (a first open), not by input.
 */
async function dialogListening(page: Page) {
  await page.getByRole("dialog").waitFor();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

describe.skipIf(!e2eEnabled())("keyboard and screen readers (issue 32)", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await openSignedIn(browser, { viewport: "desktop" }));
  }, 90_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it("axe finds nothing serious on any screen signed out, at 390 and 1440 px", async () => {
    const visitor = await openApp(browser, { viewport: "mobile" });
    try {
      await axeAtBothSizes(visitor.page, SIGNED_OUT, "signed out");
    } finally {
      await visitor.context.close();
    }
  }, 120_000);

  it("axe finds nothing serious on any screen signed in, at 390 and 1440 px", async () => {
    await axeAtBothSizes(page, SIGNED_IN, "signed in");
    await page.setViewportSize(VIEWPORTS.desktop);
  }, 300_000);

  it("gives focus back to Add funds after Escape closes its modal, opened by click or by Enter", async () => {
    await openScreen(page, ROUTES.home);
    const addFunds = page.locator(".k-quick-actions").getByRole("button", { name: "Add funds" });
    await addFunds.click();
    await dialogListening(page);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expect.poll(() => isFocused(addFunds)).toBe(true);

    await addFunds.press("Enter");
    await dialogListening(page);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expect.poll(() => isFocused(addFunds)).toBe(true);
  });

  it("gives focus back to the exchange's From button, named with its visible text", async () => {
    await openScreen(page, ROUTES.exchange);
    const from = page.getByRole("button", { name: /^From [A-Z]+ / });
    const visible = (await from.innerText()).replace(/\s+/g, " ").trim();
    expect(await from.getAttribute("aria-label")).toBeNull();
    await page.getByRole("button", { name: `From ${visible}`, exact: true }).waitFor();
    await from.click();
    await dialogListening(page);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expect.poll(() => isFocused(from)).toBe(true);
  });

  it("closes the profile menu on Escape, from an item or after a click on the menu itself", async () => {
    await openScreen(page, ROUTES.home);
    const profile = page.getByRole("button", { name: "Profile" });
    const menu = page.getByRole("menu");

    await profile.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => isFocused(page.getByRole("menuitem").first())).toBe(true);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await isFocused(profile)).toBe(true);

    // A click on the menu's padding leaves the focus on the page body, outside the menu.
    await profile.click();
    const box = await menu.boundingBox();
    await menu.click({ position: { x: (box?.width ?? 0) / 2, y: 3 } });
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await isFocused(profile)).toBe(true);
  });
});
