import { request } from "node:http";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nimbusUrl, openSignedIn } from "./accounts-support.ts";
import { baseUrl, e2eEnabled, launchBrowser, openPage, VIEWPORTS } from "./browser.ts";

// Issue 32: the public pages' first screen comes in the HTML, rendered by the server for the
// host's merchant (apps/web/src/entry-server.tsx), and the app takes it over (hydrateRoot)
// without a mismatch; a page behind a session comes as its pending frame, which the app replaces. Screenshots: SHOTS_DIR (default test-results/screenshots).

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "../test-results/screenshots");

/** The raw HTML of a page as `host` (Node's fetch will not set Host), no script run. */
function rawHtml(pathname: string, host: string): Promise<string> {
  const url = new URL(pathname, baseUrl());
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host: `${host}:${url.port}`, accept: "text/html" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve(body));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Console errors and warnings, and page errors: a hydration mismatch is reported there. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  return problems;
}

describe.skipIf(!e2eEnabled())("the public pages rendered by the server (issue 32)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("sends /sign-in's heading and phone field in the HTML, in each merchant's name and colours", async () => {
    const kestrel = await rawHtml("/sign-in", "localhost");
    const nimbus = await rawHtml("/sign-in", "nimbus.localhost");
    for (const html of [kestrel, nimbus]) {
      const root = /<div id="root" data-server-render="public">(.*)<\/div>\s*<\/body>/s.exec(html)?.[1] ?? "";
      expect(root).toContain('<h1 class="k-page-title">Sign in</h1>');
      expect(root).toMatch(/<input[^>]*type="tel"[^>]*name="phone"|<input[^>]*name="phone"[^>]*type="tel"/);
      // The page's own stylesheets come with it, so the form is styled as it paints.
      expect(html).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/auth-[^"]+\.css"/);
    }
    expect(kestrel).toContain("<title>Kestrel Wallet</title>");
    expect(kestrel).toContain("--button-color-1:#1F5EFF");
    expect(nimbus).toContain("<title>Nimbus Pay</title>");
    expect(nimbus).toContain("--button-color-1:#0F7B5F");
    // A page behind a session comes as the frame the app shows while the session answers: the
    // merchant's brand and a spinner, before any script, for the app to replace.
    const pending = await rawHtml("/exchange", "nimbus.localhost");
    const frame =
      /<div id="root" data-server-render="pending">(.*)<\/div>\s*<\/body>/s.exec(pending)?.[1] ?? "";
    expect(frame).toContain('class="k-brand"');
    expect(frame).toContain('aria-label="Loading"');
    expect(frame).not.toContain("Exchange");
    expect(pending).toContain("<title>Nimbus Pay</title>");
    // Its screen's code and styles are on their way beside the entry, not applied yet.
    expect(pending).toMatch(/<link rel="modulepreload"[^>]*href="\/assets\/ExchangePage-[^"]+\.js"/);
    expect(pending).toMatch(/<link rel="preload" as="style"[^>]*href="\/assets\/ExchangePage-[^"]+\.css"/);
  });

  it("replaces a page's pending frame with the page once the session answers", async () => {
    const { context, page } = await openSignedIn(browser, { viewport: "mobile" });
    const problems = collectProblems(page);
    await page.goto(`${baseUrl()}/history`);
    await page.getByRole("heading", { name: "History", level: 1 }).waitFor();
    expect(await page.locator(".k-app__main--pending").count()).toBe(0);
    expect(await page.locator("header.k-header").count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps the server's sign-in form from submitting natively before the app takes it over", async () => {
    // Before hydration the HTML form has no handler: a native submit would be a GET with the
    // password in the address (history, logs). JavaScript off holds that window open.
    const off = await browser.newContext({ viewport: VIEWPORTS.mobile, javaScriptEnabled: false });
    const still = await off.newPage();
    const sent: string[] = [];
    still.on("request", (sentRequest) => sent.push(sentRequest.url()));
    await still.goto(`${nimbusUrl()}/sign-in`);
    const submit = still.getByRole("button", { name: "Sign in" });
    expect(await submit.isDisabled()).toBe(true);
    await still.getByRole("textbox", { name: "Phone number" }).fill("2015550123");
    await still.getByLabel("Password", { exact: true }).fill("not-in-the-address");
    await still.getByLabel("Password", { exact: true }).press("Enter");
    await submit.click({ force: true });
    await still.waitForTimeout(300); // a native submit navigates at once; give it the time to show
    expect(still.url()).toBe(`${nimbusUrl()}/sign-in`);
    expect(sent.filter((url) => url.includes("password"))).toEqual([]);
    await off.close();
  });

  it("shows the sign-in form with JavaScript off, and the app takes it over without a mismatch", async () => {
    for (const viewport of ["mobile", "desktop"] as const) {
      const off = await browser.newContext({ viewport: VIEWPORTS[viewport], javaScriptEnabled: false });
      const still = await off.newPage();
      await still.goto(`${nimbusUrl()}/sign-in`);
      await still.getByRole("heading", { name: "Sign in" }).waitFor();
      expect(await still.getByRole("textbox", { name: "Phone number" }).isVisible()).toBe(true);
      await still.screenshot({
        path: path.join(SHOTS, `server-render-sign-in-before-hydration-${viewport}.png`),
      });
      await off.close();

      const { context, page } = await openPage(browser, { viewport });
      const problems = collectProblems(page);
      // The heading the server sent, held before any script of the app runs.
      await page.addInitScript(() => {
        document.addEventListener("readystatechange", () => {
          if (document.readyState === "interactive") {
            (window as unknown as { serverHeading: Element | null }).serverHeading =
              document.querySelector("h1");
          }
        });
      });
      await page.goto(`${nimbusUrl()}/sign-in`);
      // The picker lists every country once React's effects ran: the page is hydrated.
      await expect
        .poll(() => page.locator("select.k-phone__select option").count(), { timeout: 15_000 })
        .toBeGreaterThan(1);
      // Hydrated, not rendered again: the server's heading is the one on screen.
      expect(
        await page.evaluate(
          () =>
            (window as unknown as { serverHeading: Element | null }).serverHeading ===
            document.querySelector("h1"),
        ),
      ).toBe(true);
      expect(await page.title()).toBe("Nimbus Pay");
      await page.screenshot({
        path: path.join(SHOTS, `server-render-sign-in-after-hydration-${viewport}.png`),
      });
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("hydrates /sign-up, /reset-password and /status the same way", async () => {
    for (const pathname of ["/sign-up", "/reset-password", "/status"]) {
      const { context, page } = await openPage(browser, { viewport: "mobile" });
      const problems = collectProblems(page);
      await page.addInitScript(() => {
        document.addEventListener("readystatechange", () => {
          if (document.readyState === "interactive") {
            (window as unknown as { serverHeading: Element | null }).serverHeading =
              document.querySelector("h1");
          }
        });
      });
      await page.goto(`${baseUrl()}${pathname}`, { waitUntil: "networkidle" });
      const kept = await page.evaluate(() => {
        const held = (window as unknown as { serverHeading: Element | null }).serverHeading;
        return held !== null && held === document.querySelector("h1");
      });
      // The console's errors first: a hydration mismatch names itself there, where a replaced
      // heading alone would not say why.
      expect(problems, pathname).toEqual([]);
      expect(kept, pathname).toBe(true);
      await context.close();
    }
  });

  it("hydrates a browser that was signed in before, then checks its session as before", async () => {
    const { context, page } = await openPage(browser, { viewport: "mobile" });
    const problems = collectProblems(page);
    await page.addInitScript(() => localStorage.setItem("kestrel.signedIn", "1"));
    await page.goto(`${baseUrl()}/sign-in`);
    // No refresh cookie: the silent refresh fails and the form shows again, hydrated.
    await expect
      .poll(() => page.locator("select.k-phone__select option").count(), { timeout: 15_000 })
      .toBeGreaterThan(1);
    expect(await page.evaluate(() => localStorage.getItem("kestrel.signedIn"))).toBeNull();
    expect(problems.filter((problem) => !/401|Failed to load resource/.test(problem))).toEqual([]);
    await context.close();
  });
});
