import { mkdir } from "node:fs/promises";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import { CHROMIUM_PATH, CHROMIUM_FLAGS as FLAGS } from "./chromium.ts";

export { CHROMIUM_PATH } from "./chromium.ts";

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../test-results/screenshots");

let ownProduct: string | undefined;
/** A file that starts its own product (receive-evm.e2e.ts: other chain settings) points the helpers at it. */
export function useOwnProduct(url: string): void {
  ownProduct = url;
}
export const baseUrl = () => ownProduct ?? inject("e2eBaseUrl");
/** The suite runs only when the product was started (Chromium present). */
export const e2eEnabled = () => inject("e2eBaseUrl") !== "";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
}

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

/** A page at one of the reviewed viewports, optionally as another host (another merchant). */
export async function openPage(
  browser: Browser,
  options: { viewport?: keyof typeof VIEWPORTS; headers?: Record<string, string> } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[options.viewport ?? "desktop"],
    ...(options.headers ? { extraHTTPHeaders: options.headers } : {}),
  });
  const page = await context.newPage();
  return { context, page };
}

/** Saves a full-page screenshot under test-results/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Screenshots at 390x844 and 1440x900 for review (a modal: the viewport only, not the full page
 * behind it), then the viewport it had before.
 */
export async function shoot(page: Page, name: string, options: { modal?: boolean } = {}): Promise<void> {
  const before = page.viewportSize();
  for (const viewport of ["mobile", "desktop"] as const) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    await page.waitForTimeout(250); // layout (and an embedded frame's height) follows the new size
    if (options.modal) {
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${viewport}.png`) });
    } else await screenshot(page, `${name}-${viewport}`);
  }
  if (before) await page.setViewportSize(before);
}
