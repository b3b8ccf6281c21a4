import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COMPLETE_PROFILE,
  newPassword,
  nextCode,
  openApp,
  registerCustomer,
  signInWith,
  smsCount,
  typeCode,
  watchTokens,
} from "./accounts-support.ts";
import { baseUrl, e2eEnabled, launchBrowser, shoot, VIEWPORTS } from "./browser.ts";

// The security centre (issue 38 item 1, docs/accounts.md "Security centre"): signing out another
// session from /security, and the new-device alert's "This wasn't me" link, read from the sandbox
// console's copy of the email, signing out every session and opening the password reset.

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });
const path = (page: Page) => new URL(page.url()).pathname;
const waitForPath = (page: Page, expected: string) =>
  expect.poll(() => path(page), { timeout: 20_000 }).toBe(expected);
const openMenuItem = async (page: Page, item: string) => {
  await page.getByRole("button", { name: "Profile" }).click();
  await page.getByRole("menuitem", { name: item }).click();
};

type Email = { subject: string; body: string };
const emailsTo = async (to: string) =>
  (
    (await (await fetch(`${baseUrl()}/sandbox/email?to=${encodeURIComponent(to)}`)).json()) as {
      data: Email[];
    }
  ).data;

/** A customer with a complete profile and a confirmed email (the alert goes only to one). */
async function customerWithConfirmedEmail() {
  const customer = await registerCustomer({ email: true, profile: COMPLETE_PROFILE });
  const email = `${customer.phone}@example.com`;
  const link = /(https?:\/\/\S*\/v2\/mobile\/email\/confirm\S*)/.exec(
    (await emailsTo(email))[0]?.body ?? "",
  )?.[1];
  if (!link) throw new Error("no confirmation link");
  const confirm = new URL(link);
  await fetch(`${baseUrl()}${confirm.pathname}${confirm.search}`, { redirect: "manual" });
  return { ...customer, email };
}

/** Another browser, named by its User-Agent; with `deviceId`, a device the server already knows. */
async function otherBrowser(browser: Browser, userAgent: string, deviceId?: string) {
  const context: BrowserContext = await browser.newContext({ viewport: VIEWPORTS.desktop, userAgent });
  if (deviceId) await context.addInitScript((id) => localStorage.setItem("kestrel.deviceId", id), deviceId);
  const page = await context.newPage();
  watchTokens(page);
  return { context, page };
}

describe.skipIf(!e2eEnabled())("security centre", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("signs out another session from /security; that browser is signed out", async () => {
    const customer = await customerWithConfirmedEmail();
    const mine = await openApp(browser, { deviceId: customer.deviceId });
    await mine.page.goto(`${baseUrl()}/sign-in`);
    await signInWith(mine.page, customer.phone, customer.password);
    await waitForPath(mine.page, "/");
    const other = await otherBrowser(browser, FIREFOX_WINDOWS, customer.deviceId);
    await other.page.goto(`${baseUrl()}/sign-in`);
    await signInWith(other.page, customer.phone, customer.password);
    await waitForPath(other.page, "/");

    await openMenuItem(mine.page, "Security");
    await heading(mine.page, "Security").waitFor();
    const sessions = mine.page.getByRole("region", { name: "Devices and sessions" });
    const events = mine.page.getByRole("region", { name: "Recent security events" });
    await sessions.getByText("This device").waitFor();
    await sessions.getByText("Firefox on Windows").waitFor();
    await events.getByText("Signed in", { exact: true }).first().waitFor();
    await shoot(mine.page, "security-centre");
    await mine.page.getByRole("button", { name: "Sign out Firefox on Windows" }).click();
    const dialog = mine.page.getByRole("dialog", { name: "Sign out Firefox on Windows?" });
    await dialog.waitFor();
    await shoot(mine.page, "security-sign-out-confirm", { modal: true });
    await dialog.getByRole("button", { name: "Sign out" }).click();
    await sessions.getByText("Firefox on Windows").waitFor({ state: "detached" });
    await events.getByText("A session was signed out").waitFor();

    // The other browser's next signed-in call is refused, its refresh too: it lands on /sign-in.
    await openMenuItem(other.page, "Verification");
    await waitForPath(other.page, "/sign-in");
    // This one goes on.
    await openMenuItem(mine.page, "Verification");
    await waitForPath(mine.page, "/verification");
    await Promise.all([mine.context.close(), other.context.close()]);
  }, 180_000);

  it("a new device's alert email: 'This wasn't me' signs out every session and opens the reset", async () => {
    const customer = await customerWithConfirmedEmail();
    const mine = await openApp(browser, { deviceId: customer.deviceId });
    await mine.page.goto(`${baseUrl()}/sign-in`);
    await signInWith(mine.page, customer.phone, customer.password);
    await waitForPath(mine.page, "/");
    const before = (await emailsTo(customer.email)).length;

    // Someone signs in on a device this customer never used (they got past the device code).
    const intruder = await otherBrowser(browser, FIREFOX_WINDOWS);
    await intruder.page.goto(`${baseUrl()}/sign-in`);
    const seen = await smsCount(customer.phone);
    await signInWith(intruder.page, customer.phone, customer.password);
    await heading(intruder.page, "Confirm this device").waitFor();
    await typeCode(intruder.page, await nextCode(customer.phone, seen));
    await intruder.page.getByRole("button", { name: "Confirm" }).click();
    await waitForPath(intruder.page, "/");

    await expect
      .poll(async () => (await emailsTo(customer.email)).length, { timeout: 20_000 })
      .toBe(before + 1);
    const alert = (await emailsTo(customer.email))[0] as Email;
    expect(alert.subject).toMatch(/^New sign-in to your/);
    expect(alert.body).toContain("Firefox on Windows");
    expect(alert.body).toMatch(/This wasn't me:\n\S*\/security\/not-me\?token=/);
    const link = new URL(/(https?:\/\/\S*\/security\/not-me\S*)/.exec(alert.body)?.[1] ?? "");

    // The customer opens the link (in a browser of its own, as a mail client would).
    const reader = await openApp(browser);
    await reader.page.goto(`${baseUrl()}${link.pathname}${link.search}`);
    await heading(reader.page, "Secure your account").waitFor();
    await shoot(reader.page, "security-not-me");
    const resetSeen = await smsCount(customer.phone);
    await reader.page.getByRole("button", { name: "Sign out everywhere and reset my password" }).click();
    await waitForPath(reader.page, "/reset-password");
    await reader.page.getByText("Step 2 of 3").waitFor();
    await shoot(reader.page, "security-not-me-reset-code");

    // Every session ended: both browsers land on /sign-in at their next call.
    await openMenuItem(intruder.page, "Verification");
    await waitForPath(intruder.page, "/sign-in");
    await openMenuItem(mine.page, "Verification");
    await waitForPath(mine.page, "/sign-in");

    // The reset goes on with the code texted to the phone.
    await typeCode(reader.page, await nextCode(customer.phone, resetSeen));
    await reader.page.getByRole("button", { name: "Confirm" }).click();
    await reader.page.getByText("Step 3 of 3").waitFor();
    const password = newPassword();
    await reader.page.getByLabel("New password", { exact: true }).fill(password);
    await reader.page.getByLabel("Confirm password", { exact: true }).fill(password);
    await reader.page.getByRole("button", { name: "Save password" }).click();
    await waitForPath(reader.page, "/");

    // The link works once.
    const again = await openApp(browser);
    await again.page.goto(`${baseUrl()}${link.pathname}${link.search}`);
    await again.page.getByRole("button", { name: "Sign out everywhere and reset my password" }).click();
    await again.page.getByText("This link has expired or has already been used.").waitFor();
    await Promise.all([
      mine.context.close(),
      intruder.context.close(),
      reader.context.close(),
      again.context.close(),
    ]);
  }, 240_000);
});
