import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSignedIn, screenshotBoth } from "./accounts-support.ts";
import { e2eEnabled, launchBrowser } from "./browser.ts";
import { ACCESS_TOKEN_TTL_SECONDS } from "./global-setup.ts";

const path = (page: Page) => new URL(page.url()).pathname;

/**
 * Issue 23 item 10: a tab left idle in the background stays signed in across several access
 * token lifetimes (the suite runs with a 30-second lifetime), and /account, the new screen, works
 * in it afterwards.
 */
describe.skipIf(!e2eEnabled())("an idle background tab", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("stays signed in across three access-token lifetimes", async () => {
    const { context, page } = await openSignedIn(browser, { viewport: "mobile" });
    const refreshes: number[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/oauth/token") refreshes.push(response.status());
    });
    // Another tab in front: this one idles in the background.
    const front = await context.newPage();
    await front.goto("about:blank");
    await front.bringToFront();
    await page.waitForTimeout((3 * ACCESS_TOKEN_TTL_SECONDS + 5) * 1000);
    expect(path(page)).toBe("/");

    await page.bringToFront();
    await page.getByRole("button", { name: "Profile" }).click();
    await page.getByRole("menuitem", { name: "Password and email" }).click();
    await page.getByRole("heading", { name: "Password and email", level: 1 }).waitFor();
    await page.getByText(/is (not )?confirmed/).waitFor();
    expect(path(page)).toBe("/account");
    // Whatever refreshes the idle time needed were granted; none was refused.
    expect(refreshes.filter((status) => status !== 200)).toEqual([]);
    await screenshotBoth(page, "account");
    await context.close();
  }, 240_000);
});
