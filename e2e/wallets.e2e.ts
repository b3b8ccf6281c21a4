import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApp, signInWith } from "./accounts-support.ts";
import { baseUrl, e2eEnabled, launchBrowser, SCREENSHOT_DIR, screenshot, VIEWPORTS } from "./browser.ts";
import {
  customerCall,
  customerGet,
  DEMO_MERCHANT_ID,
  sendIdentityDocuments,
  verifyingCustomer,
} from "./kyc-support.ts";

// The money loop on screen: A (KYC_1, funded by the sandbox) sees the balance, the receive
// address, sends to B by phone, and finds it in history; B's wallet holds what A sent.

const OUTSIDE_BTC = "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh";

type Customer = Awaited<ReturnType<typeof verifyingCustomer>>;
type WalletList = { wallets: Array<{ currency: string; balance: string }> };

const call = customerCall;

/** A customer with an email (sign-in lands on home), verified to KYC_1 by the sandbox reviewer. */
async function customerAtKyc1(): Promise<Customer> {
  const customer = await verifyingCustomer("Lovelace");
  await call(customer, "PUT", "/v2/mobile/email/add", { email: `${customer.phone}@example.com` });
  await sendIdentityDocuments(customer);
  await expect
    .poll(async () => (await customerGet<{ kycLevel: string }>(customer, "/v2/customer/kyc/data")).kycLevel, {
      timeout: 30_000,
      interval: 500,
    })
    .toBe("KYC_1");
  return customer;
}

async function credit(phone: string, currency: string, amount: string) {
  const response = await fetch(`${baseUrl()}/sandbox/wallets/credit`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "idempotency-key": crypto.randomUUID(),
      "x-merchant-id": DEMO_MERCHANT_ID,
    },
    body: JSON.stringify({ phone, currency, amount }),
  });
  if (!response.ok) throw new Error(`credit answered ${response.status}: ${await response.text()}`);
}

async function chainDeposit(address: string, currency: string, amount: string) {
  const response = await fetch(`${baseUrl()}/sandbox/chain/deposit`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-merchant-id": DEMO_MERCHANT_ID },
    body: JSON.stringify({ address, currency, amount }),
  });
  if (!response.ok) throw new Error(`deposit answered ${response.status}: ${await response.text()}`);
}

async function signedInPage(browser: Browser, customer: Customer) {
  const opened = await openApp(browser, { deviceId: customer.deviceId });
  await opened.page.goto(`${baseUrl()}/sign-in`);
  await signInWith(opened.page, customer.phone, customer.password);
  await opened.page.getByRole("heading", { name: "Home", level: 1 }).waitFor();
  return opened;
}

async function shoot(page: Page, name: string, options: { modal?: boolean } = {}) {
  for (const viewport of ["mobile", "desktop"] as const) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    await page.waitForTimeout(250);
    if (options.modal) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${viewport}.png`) });
    else await screenshot(page, `${name}-${viewport}`);
  }
  await page.setViewportSize(VIEWPORTS.mobile);
}

describe.skipIf(!e2eEnabled())("wallets: home, receive, send by phone, history", () => {
  let browser: Browser;
  // Two customers for the whole file (the second test goes on with A): sign-ups per IP are
  // limited, and the suite shares one server.
  let shared: Customer | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("A sees the balance and address, sends to B by phone, and both sides show it", async () => {
    const [a, b] = await Promise.all([customerAtKyc1(), verifyingCustomer("Hopper")]);
    shared = a;
    await credit(a.phone, "USDT", "100");

    const { context, page } = await signedInPage(browser, a);
    const wallets = page.getByRole("region", { name: "Wallets" });
    await wallets.getByText("100.00 USDT").waitFor();
    await shoot(page, "wallets-home");

    await page.goto(`${baseUrl()}/top-up/receive`);
    await page.getByLabel("Currency").selectOption("USDT");
    await page.getByRole("img", { name: "QR code of your USDT address" }).waitFor();
    await shoot(page, "wallets-receive");

    await page.goto(`${baseUrl()}/send/phone`);
    await page.getByLabel("Currency").selectOption("USDT");
    await page.getByLabel("Amount").fill("10");
    await page.getByLabel("Recipient's phone number").fill(`+${b.phone}`);
    await page.getByText("0.00 USDT", { exact: true }).waitFor();
    await shoot(page, "wallets-send");
    await page.getByRole("button", { name: "Continue" }).click();
    const summary = page.getByRole("region", { name: "Confirm the send" });
    await summary.waitFor();
    await shoot(page, "wallets-send-confirm");
    await summary.getByRole("button", { name: "Send" }).click();
    const success = page.getByRole("dialog", { name: "Sent" });
    await success.getByText("10.00 USDT").waitFor();
    await shoot(page, "wallets-send-success", { modal: true });
    await success.getByRole("button", { name: "See history" }).click();

    await page.getByRole("heading", { name: "History", level: 1 }).waitFor();
    await page
      .getByRole("button", { name: /Sent by phone/ })
      .first()
      .waitFor();
    await shoot(page, "wallets-history");

    await page.goto(`${baseUrl()}/`);
    await wallets.getByText("90.00 USDT").waitFor();
    await page.getByRole("region", { name: "Recent operations" }).getByText("Sent by phone").waitFor();
    await shoot(page, "wallets-home-after-send");
    const bWallets = await customerGet<WalletList>(b, "/v3/wallets");
    expect(bWallets.wallets.find((w) => w.currency === "USDT")?.balance).toMatch(/^10\.0+$/);
    await context.close();
  });

  it("a test deposit to A's address is credited; a send to an outside address is pending, then completed", async () => {
    const a = shared ?? (await customerAtKyc1());
    const { context, page } = await signedInPage(browser, a);
    await page.goto(`${baseUrl()}/top-up/receive`);
    await page.getByLabel("Currency").selectOption("BTC");
    await page.getByRole("img", { name: "QR code of your BTC address" }).waitFor();
    const address = (await page.locator(".k-receive__code").textContent()) ?? "";
    await chainDeposit(address, "BTC", "0.01");
    await expect
      .poll(
        async () =>
          (await customerGet<WalletList>(a, "/v3/wallets")).wallets.find((w) => w.currency === "BTC")
            ?.balance,
        {
          timeout: 30_000,
          interval: 500,
        },
      )
      .toBe("0.01000000");

    await page.goto(`${baseUrl()}/send/wallet`);
    await page.getByLabel("Currency").selectOption("BTC");
    await page.getByLabel("Amount").fill("0.001");
    await page.getByLabel("Recipient's address").fill(OUTSIDE_BTC);
    await page.getByText("The address is valid").waitFor();
    await shoot(page, "wallets-send-wallet");
    await page.getByRole("button", { name: "Continue" }).click();
    await page
      .getByRole("region", { name: "Confirm the send" })
      .getByRole("button", { name: "Send" })
      .click();
    const pending = page.getByRole("dialog", { name: "Pending" });
    await pending.getByText("0.00100000 BTC").waitFor();
    await shoot(page, "wallets-send-wallet-pending", { modal: true });
    await pending.getByRole("button", { name: "See history" }).click();

    const row = page.getByRole("button", { name: /Sent to a wallet/ });
    await row.waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          return row.textContent();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toContain("Completed");
    await context.close();
  });
});
