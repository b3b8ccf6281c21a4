import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COMPLETE_PROFILE,
  nationalNumber,
  newPassword,
  nextCode,
  openApp,
  openSignedIn,
  registerCustomer,
  screenshotBoth,
  secretsFoundInLog,
  signInWith,
  smsCount,
  typeCode,
} from "./accounts-support.ts";
import { baseUrl, e2eEnabled, launchBrowser } from "./browser.ts";
import { ACCESS_TOKEN_TTL_SECONDS } from "./global-setup.ts";

// Sessions in the browser: password reset ending other sessions, sign-out across tabs, and the
// access token's expiry and refresh (spec §4, §8; docs/accounts.md "Web app").

const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { name });
const path = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;
const waitForPath = (page: Page, expected: string) =>
  expect.poll(() => path(page), { timeout: 20_000 }).toBe(expected);
const openMenuItem = async (page: Page, item: string) => {
  await page.getByRole("button", { name: "Profile" }).click();
  await page.getByRole("menuitem", { name: item }).click();
};

describe.skipIf(!e2eEnabled())("sessions in the browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("password reset: phone, code, new password, signed in; the other session lands on /sign-in", async () => {
    const customer = await registerCustomer({ email: true, profile: COMPLETE_PROFILE });
    const other = await openApp(browser, { deviceId: customer.deviceId, viewport: "desktop" });
    await other.page.goto(`${baseUrl()}/sign-in`);
    await signInWith(other.page, customer.phone, customer.password);
    await waitForPath(other.page, "/");

    const { context, page } = await openApp(browser);
    await page.goto(`${baseUrl()}/sign-in`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByText("Step 1 of 3").waitFor();
    await screenshotBoth(page, "reset-password-phone");
    await page.getByLabel("Phone number").fill(nationalNumber(customer.phone));
    const seen = await smsCount(customer.phone);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByText("Step 2 of 3").waitFor();
    await screenshotBoth(page, "reset-password-code");
    await typeCode(page, await nextCode(customer.phone, seen));
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Step 3 of 3").waitFor();
    const password = newPassword();
    await page.getByLabel("New password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password", { exact: true }).fill(`${password}x`);
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByText("Passwords don't match.").waitFor();
    await screenshotBoth(page, "reset-password-new");
    await page.getByLabel("Confirm password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Save password" }).click();
    await waitForPath(page, "/");
    await context.close();

    // The reset ended every other session: the first browser's next signed-in call is refused,
    // its refresh too, and it lands on /sign-in.
    await openMenuItem(other.page, "Verification");
    await waitForPath(other.page, "/sign-in");
    await signInWith(other.page, customer.phone, customer.password);
    await other.page.getByText("Wrong phone number or password.").waitFor();
    await signInWith(other.page, customer.phone, password);
    // Back to the page the customer was on when the session ended, not home.
    await waitForPath(other.page, "/verification");
    await other.context.close();
  }, 120_000);

  it("a reload stays signed in (silent refresh); signing out in one tab sends the other to /sign-in", async () => {
    const { context, page } = await openSignedIn(browser);
    const second = await context.newPage();
    await second.goto(`${baseUrl()}/verification`);
    await heading(second, "Identity verification").waitFor();

    await page.getByRole("button", { name: "Profile" }).click();
    await screenshotBoth(page, "profile-menu");
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await waitForPath(page, "/sign-in");
    await waitForPath(second, "/sign-in");
    await second.reload();
    await second.getByLabel("Phone number").waitFor();
    expect(path(second)).toBe("/sign-in");
    await context.close();
  }, 120_000);

  it("an access token that expires mid-session is refreshed unseen, once per tab, across tabs", async () => {
    const customer = await registerCustomer({ email: true, profile: COMPLETE_PROFILE });
    const { context, page } = await openApp(browser, { deviceId: customer.deviceId, viewport: "desktop" });
    // Date.now can be frozen later, replaced before the app's scripts keep a reference to it.
    await context.addInitScript(() => {
      const realNow = Date.now;
      let frozenAt: number | undefined;
      Date.now = () => frozenAt ?? realNow();
      Object.assign(window, { freezeClock: () => (frozenAt = realNow()) });
    });
    await page.goto(`${baseUrl()}/sign-in`);
    await signInWith(page, customer.phone, customer.password);
    await waitForPath(page, "/");
    const second = await context.newPage();
    await second.goto(`${baseUrl()}/`);
    await heading(second, "Home").waitFor();

    const traffic = (tab: Page) => {
      const log = {
        refreshes: 0,
        profile: [] as number[],
        signedIn: [] as { path: string; status: number }[],
      };
      tab.on("response", (response) => {
        const url = new URL(response.url());
        if (url.pathname === "/oauth/token" && response.request().postData()?.includes("refresh_token")) {
          log.refreshes += 1;
        }
        if (url.pathname === "/v2/customer/profile") log.profile.push(response.status());
        if (/^\/v\d\//.test(url.pathname))
          log.signedIn.push({ path: url.pathname, status: response.status() });
      });
      return log;
    };
    const first = traffic(page);
    const other = traffic(second);

    // Both tabs' tokens run out; both tabs then need one at the same moment. Their refreshes
    // take turns (a rotated cookie shown twice would revoke the session), and nobody notices.
    await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    // Both open the menu, then both click at the same instant (timers set for one wall time).
    for (const tab of [page, second]) await tab.getByRole("button", { name: "Profile" }).click();
    const at = Date.now() + 500;
    await Promise.all(
      [page, second].map((tab) =>
        tab.evaluate((when) => {
          const link = Array.from(document.querySelectorAll<HTMLElement>('[role="menuitem"]')).find(
            (item) => item.textContent === "Verification",
          );
          setTimeout(() => link?.click(), when - Date.now());
        }, at),
      ),
    );
    await Promise.all([
      heading(page, "Identity verification").waitFor(),
      heading(second, "Identity verification").waitFor(),
    ]);
    // A page shows cached data at once and re-reads it behind the scenes: wait for the calls.
    await expect.poll(() => [first.refreshes, other.refreshes], { timeout: 20_000 }).toEqual([1, 1]);
    await expect.poll(() => [...first.profile, ...other.profile], { timeout: 20_000 }).toEqual([200, 200]);

    // The second tab has shown what it had to; closed, it can no longer hand this tab a fresh
    // token (its verification page polls, and tabs share refreshed tokens).
    await second.close();
    // Now the page's clock stands still, so it believes its token is fresh while the server has
    // expired it: the profile call meets a 401, one refresh follows, the call is retried.
    await page.evaluate(() => (window as unknown as { freezeClock: () => void }).freezeClock());
    const callsBefore = first.signedIn.length;
    await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    await openMenuItem(page, "Referral code");
    await page.getByLabel("Referral code").waitFor();
    // Whichever call meets the expired token first (the page may poll in the background), it
    // gets a 401, then one refresh, then the same call again with success.
    const retried = () => {
      const calls = first.signedIn.slice(callsBefore);
      const failed = calls.findIndex((c) => c.status === 401);
      const retry = calls.slice(failed + 1).find((c) => c.path === calls[failed]?.path);
      return failed >= 0 ? retry?.status : undefined;
    };
    await expect.poll(retried, { timeout: 20_000 }).toBe(200);
    expect(first.refreshes).toBe(2);
    expect(path(page)).toBe("/referral-code");
    await context.close();
  }, 120_000);

  it("the server log holds none of the passwords, codes and tokens these tests used", () => {
    expect(secretsFoundInLog()).toEqual([]);
  });
});
