import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, e2eEnabled, launchBrowser, openPage, screenshot } from "./browser.ts";

describe.skipIf(!e2eEnabled())("the web app", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("loads and shows the demo merchant's title", async () => {
    const { context, page } = await openPage(browser);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto(baseUrl());
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe("Kestrel Wallet");
    await page.getByText("Kestrel Wallet").first().waitFor({ timeout: 15_000 });
    await screenshot(page, "app-loads-desktop");
    // A CSP violation or a script error would show here.
    expect(errors).toEqual([]);
    await context.close();
  });

  it("answers /healthz and /readyz", async () => {
    expect((await fetch(`${baseUrl()}/healthz`)).status).toBe(200);
    expect((await fetch(`${baseUrl()}/readyz`)).status).toBe(200);
  });
});
