import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, e2eEnabled, launchBrowser, openPage } from "./browser.ts";
import { hostControl, messageLog, openHostPage, screenshotWidget, verifyingCustomer } from "./kyc-support.ts";

const types = (log: Array<[string, string]>) => log.map(([direction, type]) => `${direction}:${type}`);

describe.skipIf(!e2eEnabled())("the SDK on a merchant page and the widget's messages", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("exchanges ready, init, a token refresh for an invalid token, initialized, resize and scroll", async () => {
    const customer = await verifyingCustomer("Lovelace");
    const { context, page, widget } = await openHostPage(browser, customer, {
      widgetToken: "not-a-valid-token",
    });
    await widget.getByRole("heading", { name: "Choose your document" }).waitFor();

    const log = types(await messageLog(page));
    // In this order, with resize and scroll reports in between as the widget lays itself out.
    const sequence = ["in:ready", "out:init", "in:error", "out:accessTokenUpdate", "in:initialized"];
    expect(log.filter((entry) => sequence.includes(entry))).toEqual(sequence);
    expect(log).toContain("in:resize");
    expect(log).toContain("in:scroll");
    const tokenError = page.locator('#log li[data-type="error"]').first();
    expect(await tokenError.textContent()).toContain('"code":"INVALID_TOKEN"');
    // The token in the update is a new one (the log shows only its last characters).
    const update = page.locator('#log li[data-type="accessTokenUpdate"]').first();
    expect(await update.getAttribute("data-token")).not.toBe("not-a-valid-token".slice(-12));

    // The frame follows the widget's height (no inner scroll bar), once the widget's message of
    // its height has reached the host page.
    await expect
      .poll(async () => {
        const frameHeight = await page
          .locator("#widget iframe")
          .evaluate((f) => f.getBoundingClientRect().height);
        const contentHeight = await widget
          .locator(".widget")
          .evaluate((w) => w.getBoundingClientRect().height);
        return Math.abs(frameHeight - contentHeight);
      })
      .toBeLessThanOrEqual(1);
    // The SDK gave the host page a viewport tag, and the frame its camera permission.
    expect(await page.locator('meta[name="viewport"]').count()).toBe(1);
    expect(await page.locator("#widget iframe").getAttribute("allow")).toBe("camera");

    await hostControl(page, "Deutsch");
    await hostControl(page, "Dark theme");
    await hostControl(page, "Back");
    await widget.getByRole("heading", { name: "Wähle dein Dokument" }).waitFor();
    expect(types(await messageLog(page))).toEqual(
      expect.arrayContaining(["out:language", "out:theme", "out:navigateBack"]),
    );
    await context.close();
  });

  it("sends the host's error back to the widget when the host cannot refresh the token", async () => {
    const customer = await verifyingCustomer("Lovelace");
    const { context, page, widget } = await openHostPage(browser, customer, {
      widgetToken: "expired-token",
      failRefresh: true,
    });
    await widget.getByRole("heading", { name: "Something went wrong" }).waitFor();
    await widget.getByText("The host could not renew your session.").waitFor();
    const update = await page.locator('#log li[data-type="accessTokenUpdate"]').first().textContent();
    expect(update).toContain('"error":"The host could not renew your session."');
    await screenshotWidget(page, "error-token-refresh");

    // The customer tries again after the host recovers: a new token, and the widget goes on.
    await page.getByLabel("Refuse to refresh the token").uncheck();
    await widget.getByRole("button", { name: "Try again" }).click();
    await widget.getByRole("heading", { name: "Choose your document" }).waitFor();
    await context.close();
  });

  it("cannot be framed by a page of an origin that is no merchant's", async () => {
    const foreign: Server = createServer((_req, res) => {
      res.setHeader("content-type", "text/html");
      res.end(`<!doctype html><iframe id="kyc" src="${baseUrl()}/embed/kyc/v1/?hostOrigin=x"></iframe>`);
    });
    await new Promise<void>((resolve) => foreign.listen(0, "127.0.0.1", resolve));
    const { context, page } = await openPage(browser, { viewport: "mobile" });
    try {
      const blocked = page.waitForEvent("console", {
        predicate: (m) => /frame-ancestors/.test(m.text()),
        timeout: 10_000,
      });
      await page.goto(`http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`);
      await blocked;
      const frame = page.frames().find((f) => f !== page.mainFrame());
      expect(await frame?.locator("#root").count()).toBe(0);
    } finally {
      await context.close();
      foreign.close();
    }
  });

  it("outside a frame, says where it belongs", async () => {
    const { context, page } = await openPage(browser, { viewport: "mobile" });
    await page.goto(`${baseUrl()}/embed/kyc/v1/`);
    await page.getByText("This page runs inside the app.").waitFor();
    await context.close();
  });
});
