import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openSignedIn } from "./accounts-support.ts";
import { apiSession, checkScreen, createOperator, signInOnPage } from "./backoffice-support.ts";
import { e2eEnabled, launchBrowser, openPage, useOwnProduct } from "./browser.ts";
import { e2eEnv, freePort, stopProcess, waitForReady } from "./global-setup.ts";
import { customerGet, DEMO_MERCHANT_ID, verifyingCustomer } from "./kyc-support.ts";

// Merchant configuration in the back-office, live on another instance: an operator switches
// exchange to MAINTENANCE on the suite's product (instance A); a customer using a second server
// process (instance B, same database, started here) gets the maintenance modal on /exchange
// within 5 s; back on, the page opens again. A colour pair below 4.5:1 is refused, named.

const repoRoot = path.resolve(import.meta.dirname, "..");
const SHOTS = "config";
/** A 1x1 PNG: a logo the server recognises by its content. */
const ONE_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

describe.skipIf(!e2eEnabled())("merchant configuration, live", () => {
  let browser: Browser;
  let instanceA: string;
  let instanceB: string;
  let second: ChildProcess;
  let dataDir: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    instanceA = inject("e2eBaseUrl");
    dataDir = await mkdtemp(path.join(repoRoot, ".test-data", "e2e-second-"));
    const port = await freePort();
    second = spawn(process.execPath, [path.join(repoRoot, "apps/server/src/main.ts"), "--no-worker"], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...e2eEnv(),
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: inject("e2eDatabaseUrl"),
        LOG_LEVEL: "warn",
        NODE_ENV: "test",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    instanceB = await waitForReady(second, path.join(dataDir, "server.log"));
    expect(new URL(instanceB).port).not.toBe(new URL(instanceA).port);
  });
  afterAll(async () => {
    useOwnProduct(instanceA);
    await browser?.close();
    if (second) await stopProcess(second);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const exchangeStatus = (page: Page) => page.getByLabel("Status of Exchange", { exact: true });
  async function saveOperations(page: Page) {
    const section = page.getByRole("region", { name: "Operations", exact: true });
    await section.getByRole("button", { name: "Save operations" }).click();
    await section.getByText(/Saved as version \d+\./).waitFor();
  }

  it("exchange switched to MAINTENANCE shows the maintenance modal on a second instance within 5 s", async () => {
    // The customer uses instance B only.
    useOwnProduct(instanceB);
    const customer = await openSignedIn(browser);
    useOwnProduct(instanceA);
    const admin = await createOperator("MERCHANT_ADMIN", DEMO_MERCHANT_ID);
    // Another operator's API session puts exchange back on whatever happens (a TOTP code is
    // good once, so not the browser's operator).
    const cleanup = await apiSession(await createOperator("MERCHANT_ADMIN", DEMO_MERCHANT_ID));
    const { context, page } = await openPage(browser);
    try {
      await signInOnPage(page, admin);
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Configuration" })
        .click();
      await page.getByRole("heading", { name: "Configuration", level: 1 }).waitFor();
      await checkScreen(page, `${SHOTS}/backoffice-configuration`);

      await exchangeStatus(page).selectOption({ label: "Maintenance" });
      await page
        .getByRole("region", { name: "Operations", exact: true })
        .getByLabel("Reason")
        .fill("Exchange provider outage");
      await saveOperations(page);
      const savedAt = Date.now();

      await customer.page.goto(`${instanceB}/exchange`);
      const modal = customer.page.getByRole("dialog", { name: "Taking a quick pit stop" });
      await modal.waitFor({ timeout: 5_000 });
      expect(Date.now() - savedAt).toBeLessThan(5_000);
      await checkScreen(customer.page, `${SHOTS}/instance-b-maintenance`);

      // The version list says who did what; then exchange is switched back on.
      const versions = page.getByRole("region", { name: "Configuration versions" });
      await versions.getByText("EXCHANGE: NONE → MAINTENANCE").first().waitFor();
      await versions.getByText(admin.email).first().waitFor();
      await exchangeStatus(page).selectOption({ label: "Enabled" });
      await saveOperations(page);
      await customer.page.goto(`${instanceB}/exchange`);
      await customer.page.getByRole("heading", { name: "Exchange", level: 1 }).waitFor({ timeout: 5_000 });
      expect(await customer.page.getByRole("dialog", { name: "Taking a quick pit stop" }).count()).toBe(0);
    } finally {
      // Whatever happened, exchange is on again for the suites after this one.
      const current = (await (await cleanup.call("GET", "/admin/v1/merchant-config")).json()) as {
        operations: { operations: { operationType: string; constraint: string }[] };
      };
      await cleanup.call("PUT", "/admin/v1/merchant-config/operations", {
        operations: current.operations.operations.map((o) =>
          o.operationType === "EXCHANGE" ? { ...o, constraint: "NONE" } : o,
        ),
      });
      await customer.context.close();
      await context.close();
    }
  });

  it("refuses a text colour below 4.5:1 on its button, naming the field and the ratio; rolls back with confirmation", async () => {
    const admin = await createOperator("MERCHANT_ADMIN", DEMO_MERCHANT_ID);
    const { context, page } = await openPage(browser);
    try {
      await signInOnPage(page, admin);
      await page.goto(`${instanceA}/backoffice/configuration`);
      const branding = page.getByRole("region", { name: "Branding" });
      // A logo file goes to the blob store; its address replaces the logo's (saved with the section).
      await branding.getByLabel("Upload a logo").setInputFiles({
        name: "logo.png",
        mimeType: "image/png",
        buffer: Buffer.from(ONE_PIXEL_PNG, "base64"),
      });
      await expect
        .poll(() => branding.getByLabel("Logo (address)").inputValue())
        .toMatch(/^\/merchant-logos\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/[0-9a-f]{64}\.png$/);
      await branding.getByLabel("Main button colour (#RRGGBB)").fill("#777777");
      await branding.getByLabel("Main button text: black or white, whichever reads").uncheck();
      await branding.getByLabel("Main button text (#RRGGBB)").fill("#FFFFFF");
      // The preview draws the customer app's home screen in the draft, before anything is saved.
      const preview = branding.getByRole("img", { name: "The home screen in these colours" });
      const mainButton = preview.locator("rect").nth(1);
      await expect.poll(() => mainButton.getAttribute("fill")).toBe("#777777");
      expect(await preview.getByText("Add funds").getAttribute("fill")).toBe("#FFFFFF");
      await branding.getByRole("button", { name: "Save branding" }).click();
      const refusal = branding.getByRole("alert").filter({ hasText: "buttonTextColor1" }).first();
      await refusal.waitFor();
      expect(await refusal.textContent()).toContain("4.47:1");
      await checkScreen(page, `${SHOTS}/backoffice-branding-refused`);

      // The version list offers a rollback, with a confirmation first.
      const versions = page.getByRole("region", { name: "Configuration versions" });
      await versions
        .getByRole("button", { name: /Roll back to this version/ })
        .first()
        .click();
      const confirm = page.getByRole("region", { name: /Roll back operations to version \d+\?/ });
      await confirm.waitFor();
      await checkScreen(page, `${SHOTS}/backoffice-rollback-confirm`);
      await confirm.getByRole("button", { name: "Cancel" }).click();
      expect(await confirm.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("refuses a per-transaction limit above the 24-hour one, naming it; a valid limit saves as a version", async () => {
    const admin = await createOperator("MERCHANT_ADMIN", DEMO_MERCHANT_ID);
    const cleanup = await apiSession(await createOperator("MERCHANT_ADMIN", DEMO_MERCHANT_ID));
    const seeded = (await (await cleanup.call("GET", "/admin/v1/merchant-config")).json()) as {
      limits: object;
    };
    const { context, page } = await openPage(browser);
    try {
      await signInOnPage(page, admin);
      await page.goto(`${instanceA}/backoffice/configuration`);
      const limits = page.getByRole("region", { name: "Limits", exact: true });
      const perTransaction = limits.getByLabel("Per transaction for Earn at Basic");
      await perTransaction.fill("999999");
      await limits.getByRole("button", { name: "Save limits" }).click();
      // The row is named as the table shows it, beside the server's field path.
      await limits
        .getByRole("alert")
        .filter({ hasText: "Earn at Basic, per transaction: must not be more than the 24-hour limit" })
        .waitFor();
      expect(await perTransaction.getAttribute("aria-invalid")).toBe("true");
      await checkScreen(page, "fees/backoffice-limits-refused");
      await perTransaction.fill("900");
      await limits.getByRole("button", { name: "Save limits" }).click();
      await limits.getByText(/Saved as version \d+\./).waitFor();
      const versions = page.getByRole("region", { name: "Configuration versions" });
      await versions.getByText("KYC_0 DEPOSITS: perTransaction 1000.00 → 900.00").first().waitFor();
      await page.getByRole("region", { name: "Fees", exact: true }).scrollIntoViewIfNeeded();
      await checkScreen(page, "fees/backoffice-fees-limits");
    } finally {
      // The seed's limits again for the suites after this one.
      await cleanup.call("PUT", "/admin/v1/merchant-config/limits", seeded.limits);
      await context.close();
    }
  });

  it("offers only the card designs ticked for a program: the customer's prices list those", async () => {
    const admin = await createOperator("MERCHANT_ADMIN", DEMO_MERCHANT_ID);
    const cleanup = await apiSession(await createOperator("MERCHANT_ADMIN", DEMO_MERCHANT_ID));
    const seeded = (await (await cleanup.call("GET", "/admin/v1/merchant-config")).json()) as {
      cardPrograms: object;
    };
    const customer = await verifyingCustomer("Hopper");
    const { context, page } = await openPage(browser);
    try {
      await signInOnPage(page, admin);
      await page.goto(`${instanceA}/backoffice/configuration`);
      const section = page.getByRole("region", { name: "Card programs" });
      const cp1 = section.getByRole("group", { name: "CP 1" });
      await cp1.getByRole("checkbox", { name: "Gold" }).uncheck();
      await cp1.getByRole("checkbox", { name: "Orange" }).uncheck();
      await section.getByRole("button", { name: "Save card programs" }).click();
      await section.getByText(/Saved as version \d+\./).waitFor();
      await section.scrollIntoViewIfNeeded();
      await checkScreen(page, `${SHOTS}/backoffice-card-designs`);
      const prices = await customerGet<{ designs: { colour: string }[] }>(
        customer,
        "/v2/card/prices?cp=CP_1",
      );
      expect(prices.designs.map((d) => d.colour)).toEqual(["BLACK", "BLUE", "PURPLE"]);
      const other = await customerGet<{ designs: unknown[] }>(customer, "/v2/card/prices?cp=CP_2");
      expect(other.designs).toHaveLength(5);
    } finally {
      // Every design again for the suites after this one.
      await cleanup.call("PUT", "/admin/v1/merchant-config/card-programs", seeded.cardPrograms);
      await context.close();
    }
  });
});
