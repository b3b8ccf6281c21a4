import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstCalls } from "../apps/web/src/lib/session/first-calls.ts";
import { openApp } from "./accounts-support.ts";
import { baseUrl, e2eEnabled, launchBrowser, shoot, VIEWPORTS } from "./browser.ts";
import { DEMO_MERCHANT_ID } from "./kyc-support.ts";
import {
  advanceChain,
  type Customer,
  chainDeposit,
  customerAtKyc1,
  signedInPage,
} from "./wallets-support.ts";

// Issue 24 in the browser: compressed assets, the phone layout (bottom tab bar, no banner stack
// under an operation's form), focus and the skip link, and deposits watched live on the receive
// screen. One KYC_1 customer for the file (sign-ups per IP are limited; the product is shared).

/** Inside the viewport, and above the bottom tab bar when there is one. */
async function fullyVisible(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  const bar = await page.locator(".k-nav").boundingBox();
  const bottom = bar && bar.y > 0 ? bar.y : (page.viewportSize()?.height ?? 0);
  return box !== null && box.y >= 0 && box.y + box.height <= bottom + 0.5;
}

describe.skipIf(!e2eEnabled())("the web app on a phone (issue 24)", () => {
  let browser: Browser;
  let customer: Customer;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await customerAtKyc1();
    ({ page } = await signedInPage(browser, customer));
  }, 90_000);
  afterAll(() => browser?.close());

  it("gets its scripts and styles precompressed, with Vary: Accept-Encoding", async () => {
    const { context, page: fresh } = await openApp(browser);
    const assets: Array<{ url: string; encoding?: string; vary?: string }> = [];
    fresh.on("response", async (response) => {
      if (!/\/assets\/.+\.(js|css)$/.test(new URL(response.url()).pathname)) return;
      const headers = await response.allHeaders();
      assets.push({ url: response.url(), encoding: headers["content-encoding"], vary: headers.vary });
    });
    await fresh.goto(`${baseUrl()}/sign-in`);
    await fresh.getByRole("button", { name: "Sign in" }).waitFor();
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      // Chromium accepts br; tiny files (under 1 KB) are not worth compressing and go plain.
      if (asset.encoding === undefined) continue;
      expect(asset.encoding, asset.url).toBe("br");
      expect(asset.vary, asset.url).toMatch(/accept-encoding/i);
    }
    expect(assets.filter((a) => a.encoding === "br").length).toBeGreaterThan(2);
    await shoot(fresh, "webperf-sign-in");
    await context.close();
  });

  it("reaches the main content with one Tab and Enter (skip link); sign-in starts in the phone field", async () => {
    await page.goto(`${baseUrl()}/history`);
    await page.getByRole("heading", { name: "History", level: 1 }).waitFor();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main-content");
    await page.keyboard.press("Tab");
    // The next stop is inside the page, not the header's links again.
    expect(await page.evaluate(() => document.activeElement?.closest("main")?.id)).toBe("main-content");

    const { context, page: visitor } = await openApp(browser);
    await visitor.goto(`${baseUrl()}/sign-in`);
    const phone = visitor.getByLabel("Phone number");
    await expect.poll(() => phone.evaluate((field) => field === document.activeElement)).toBe(true);
    await context.close();
  });

  it("shows home with a bottom tab bar, an even grid of quick actions and the banners", async () => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(`${baseUrl()}/`);
    await page.getByRole("heading", { name: "Home", level: 1 }).waitFor();
    const nav = page.getByRole("navigation", { name: "Main" });
    const bar = await nav.boundingBox();
    // One bar at the bottom of the screen, not rows of tabs above the page.
    expect(bar?.y ?? 0).toBeGreaterThan(VIEWPORTS.mobile.height - 90);
    expect(bar?.height ?? 0).toBeLessThan(90);
    const tiles = page.locator(".k-quick-actions > li");
    const tops = new Set(
      await tiles.evaluateAll((items) => items.map((i) => Math.round(i.getBoundingClientRect().top))),
    );
    const count = await tiles.count();
    // Rows that differ by one tile at most.
    expect(tops.size).toBe(count <= 4 ? 1 : 2);
    await page.getByRole("region", { name: "Promotions" }).first().waitFor();
    await shoot(page, "webperf-home");
    await page.setViewportSize(VIEWPORTS.desktop);
    // Each label on one line at 1440 px ('Add funds' used to wrap).
    const lines = await page.locator(".k-quick-actions .k-entry__label").evaluateAll((labels) =>
      labels.map((label) => {
        const range = document.createRange();
        range.selectNodeContents(label);
        return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
      }),
    );
    expect(
      lines.every((n) => n === 1),
      JSON.stringify(lines),
    ).toBe(true);
    await page.setViewportSize(VIEWPORTS.mobile);
  });

  it("fits the navigation and the send form on a 390x844 screen, without the banner stack", async () => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(`${baseUrl()}/send/wallet`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.locator("form").first().waitFor();
    expect(await page.getByRole("region", { name: "Promotions" }).count()).toBe(0);
    expect(await page.getByRole("complementary", { name: "Promotions" }).count()).toBe(0);
    expect(await page.getByRole("heading", { name: "FAQ" }).count()).toBe(0);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(true);
    expect(await fullyVisible(page, "form button[type=submit]")).toBe(true);
    await shoot(page, "webperf-send-wallet");
    for (const [path, name] of [
      ["/send/phone", "send-phone"],
      ["/exchange", "exchange"],
      ["/earn", "earn"],
      ["/history", "history"],
    ] as const) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.waitForLoadState("networkidle");
      await shoot(page, `webperf-${name}`);
    }
  });

  it("lists a deposit as pending, then credited, while the receive screen is open", async () => {
    await page.goto(`${baseUrl()}/top-up/receive`);
    await page.getByLabel("Currency").selectOption("BTC");
    await page.getByRole("img", { name: "QR code of your BTC address" }).waitFor();
    const address = (await page.locator(".k-receive__code").textContent()) ?? "";
    const first = await chainDeposit(address, "BTC", "0.02");
    const pending = page.getByRole("region", { name: "Pending deposits" });
    await pending.getByText(`0 of ${first.requiredConfirmations} confirmations`).waitFor({ timeout: 30_000 });
    await pending.getByText("0.02000000 BTC").waitFor();
    await shoot(page, "webperf-receive-pending");
    await advanceChain(first.txHash, first.requiredConfirmations);
    const credited = page.getByRole("region", { name: "Credited deposits" });
    await credited.getByText("0.02000000 BTC").waitFor({ timeout: 30_000 });
    await pending.waitFor({ state: "detached" });

    // A fast chain: confirmed before the screen looked again. It still shows, as credited.
    const second = await chainDeposit(address, "BTC", "0.03");
    await advanceChain(second.txHash, second.requiredConfirmations);
    await credited.getByText("0.03000000 BTC").waitFor({ timeout: 30_000 });
    await shoot(page, "webperf-receive-credited");
  }, 60_000);

  it("asks for a page's refresh and first answers once, before the app ran, and the app takes them", async () => {
    for (const path of ["/", "/exchange", "/cards", "/history", "/top-up/receive"]) {
      const fresh = await page.context().newPage();
      const asked: string[] = [];
      fresh.on("request", (request) => {
        const url = new URL(request.url());
        if (request.resourceType() === "fetch")
          asked.push(`${request.method()} ${url.pathname}${url.search}`);
      });
      await fresh.goto(`${baseUrl()}${path}`);
      await fresh.locator("main h1").first().waitFor();
      // Every answer taken by the app: the list names only what the page's first screen asks for.
      const untaken = () =>
        fresh.evaluate(() => {
          const early = (globalThis as { kestrelEarlyAnswers?: { answers: Map<string, unknown> } })
            .kestrelEarlyAnswers;
          return early ? [...early.answers.keys()] : ["no session-start"];
        });
      await expect.poll(untaken, { message: path }).toEqual([]);
      const calls = firstCalls(path, DEMO_MERCHANT_ID);
      const early = [
        "POST /oauth/token",
        ...[...(calls?.open ?? []), ...(calls?.signedIn ?? [])].map((call) => `GET ${call}`),
      ];
      // Each went out once: session-start asked, and the app took the answer rather than ask again.
      for (const key of early)
        expect(
          asked.filter((one) => one === key),
          `${path}: ${key}`,
        ).toHaveLength(1);
      await fresh.close();
    }
  });
});
