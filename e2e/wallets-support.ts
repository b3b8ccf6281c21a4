import { formatAmount, isCurrencyCode, parseAmount } from "@kestrel/money";
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { openApp, signInWith } from "./accounts-support.ts";
import { baseUrl } from "./browser.ts";
import {
  customerCall,
  customerGet,
  DEMO_MERCHANT_ID,
  sendIdentityDocuments,
  verifyingCustomer,
} from "./kyc-support.ts";

// Helpers of the wallets suite: customers, the sandbox faucet and chain (whose clock the suite
// moves by hand: global-setup.ts), and the comparison of a home screen with the server.

export type Customer = Awaited<ReturnType<typeof verifyingCustomer>>;
type Wallet = { currency: string; balance: string };

/** A customer with a complete profile and an email (so sign-in lands on home), at KYC_0. */
export async function customerWithEmail(lastName: string, phone?: string): Promise<Customer> {
  const customer = await verifyingCustomer(lastName, phone);
  await customerCall(customer, "PUT", "/v2/mobile/email/add", { email: `${customer.phone}@example.com` });
  return customer;
}

/** Such a customer verified to KYC_2 by the sandbox reviewer ("Lovelace" is approved). */
export async function customerAtKyc1(): Promise<Customer> {
  const customer = await customerWithEmail("Lovelace");
  await sendIdentityDocuments(customer);
  // Made in beforeAll, where expect.poll is not allowed.
  await eventually(async () => {
    const { kycLevel } = await customerGet<{ kycLevel: string }>(customer, "/v2/customer/kyc/data");
    return kycLevel === "KYC_2" ? kycLevel : undefined;
  }, "the sandbox reviewer's KYC_2");
  return customer;
}

export async function sandboxPost<T>(
  route: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${baseUrl()}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-merchant-id": DEMO_MERCHANT_ID, ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The sandbox faucet: money straight into a customer's wallet. */
export const credit = (phone: string, currency: string, amount: string) =>
  sandboxPost(
    "/sandbox/wallets/credit",
    { phone, currency, amount },
    { "idempotency-key": crypto.randomUUID() },
  );

/** A payment from outside to `address` on the simulated chain; it waits for `advanceChain`. */
export const chainDeposit = (address: string, currency: string, amount: string) =>
  sandboxPost<{ txHash: string; requiredConfirmations: number }>("/sandbox/chain/deposit", {
    address,
    currency,
    amount,
  });

/** `confirmations` more blocks for a pending chain transaction (the console's "move the clock"). */
export const advanceChain = (txHash: string, confirmations: number) =>
  sandboxPost("/sandbox/chain/advance", { txHash, confirmations });

/** The customer's wallets as the server has them (GET /v2/wallets, the home screen's call). */
export async function serverWallets(customer: Customer): Promise<Wallet[]> {
  return (await customerGet<{ wallets: Wallet[] }>(customer, "/v2/wallets")).wallets;
}

/** A decimal string in minor units, so "10.000000" and "10" compare equal. */
export function minorUnits(value: string, currency: string): bigint {
  const parsed = isCurrencyCode(currency)
    ? parseAmount(value, currency, { maxIntegerDigits: 18 })
    : undefined;
  if (!parsed?.ok) throw new Error(`${value} is not an amount of ${currency}`);
  return parsed.minor;
}

/** How a balance must read on screen: the app's one display rule (spec §5) applied to the server's value. */
const displayed = (wallet: Wallet) =>
  isCurrencyCode(wallet.currency)
    ? formatAmount(minorUnits(wallet.balance, wallet.currency), wallet.currency)
    : `${wallet.balance} ${wallet.currency}`;

/** Every wallet row of the home screen shows the balance the server answers for that customer. */
export async function expectHomeMatchesServer(page: Page, customer: Customer) {
  await page.goto(`${baseUrl()}/`);
  const rows = page.getByRole("region", { name: "Wallets" }).getByRole("listitem");
  const wallets = await serverWallets(customer);
  // Home's code loads with its route, then its wallets: wait for the first row before counting.
  await rows.first().waitFor();
  await expect.poll(() => rows.count()).toBe(wallets.length);
  for (const wallet of wallets) {
    const row = rows.filter({ has: page.getByText(wallet.currency, { exact: true }) });
    await row.getByText(displayed(wallet), { exact: true }).first().waitFor();
  }
}

/** What a phone number looks like masked on someone else's screen: country prefix and last two digits. */
export const maskedPhonePattern = (phone: string) =>
  new RegExp(`\\+${phone.slice(0, 3)}•+${phone.slice(-2)}`);

/** The value once `read` answers one, looking again every half second. */
export async function eventually<T>(read: () => Promise<T | undefined>, what: string, timeout = 30_000) {
  const until = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The customer's own browser context, signed in, on home. */
export async function signedInPage(browser: Browser, customer: Customer) {
  const opened = await openApp(browser, { deviceId: customer.deviceId });
  await opened.page.goto(`${baseUrl()}/sign-in`);
  await signInWith(opened.page, customer.phone, customer.password);
  await opened.page.getByRole("heading", { name: "Home", level: 1 }).waitFor();
  return opened;
}
