import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { openDatabase } from "../apps/server/src/db/database.ts";
import type { OperatorRole } from "../apps/server/src/db/schema/index.ts";
import { operatorsServiceOn, totpCode } from "../apps/server/src/modules/operators/index.ts";
import { expectNoSeriousAxeViolations } from "./axe.ts";
import { baseUrl, VIEWPORTS } from "./browser.ts";

// Helpers of the back-office suites: operators made on the product's database (as
// `npm run operator:create` does), signed in over HTTP or in the browser, and screenshots.

export const SHOTS_DIR = "/tmp/shots";
export type Operator = { email: string; password: string; totpSecret: string };

/**
 * A new operator on the started product's database, with a password of its own; `oneTime`: a
 * generated one-time password to change at first sign-in, as `npm run operator:create` makes.
 */
export async function createOperator(
  role: OperatorRole,
  merchantId: string | null,
  options: { oneTime?: boolean } = {},
): Promise<Operator> {
  const database = openDatabase(inject("e2eDatabaseUrl"), { max: 1 });
  try {
    const email = `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@ops.example`;
    const created = await operatorsServiceOn(database.pool).createOperator({
      email,
      role,
      merchantId,
      ...(options.oneTime ? {} : { password: randomUUID() }),
    });
    if (!created) throw new Error("operator not created");
    return { email, password: created.password, totpSecret: created.totpSecret };
  } finally {
    await database.close();
  }
}

/** An operator's session over HTTP: the cookie and CSRF token, for the calls a test sets up with. */
export async function apiSession(op: Operator, merchantId?: string) {
  const signIn = await fetch(`${baseUrl()}/admin/v1/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: op.email, password: op.password }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  const headers: Record<string, string> = {
    cookie,
    "x-csrf-token": csrfToken,
    "content-type": "application/json",
    ...(merchantId ? { "x-merchant-id": merchantId } : {}),
  };
  const totp = await fetch(`${baseUrl()}/admin/v1/auth/totp`, {
    method: "POST",
    headers,
    body: JSON.stringify({ code: totpCode(op.totpSecret) }),
  });
  if (totp.status !== 200) throw new Error(`totp answered ${totp.status}`);
  // The code step signs in under a new session: its cookie and CSRF token replace step one's.
  headers.cookie = (totp.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  headers["x-csrf-token"] = ((await totp.json()) as { csrfToken: string }).csrfToken;
  return {
    call: (method: string, route: string, body?: unknown) =>
      fetch(`${baseUrl()}${route}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) }),
  };
}

/** Signs in on the back-office's page: password, then the current code. */
export async function signInOnPage(page: Page, op: Operator, shots?: string) {
  await page.goto(`${baseUrl()}/backoffice/`);
  await page.getByLabel("Email").fill(op.email);
  await page.getByLabel("Password").fill(op.password);
  if (shots) await checkScreen(page, `${shots}-sign-in`);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Authentication code").waitFor();
  if (shots) await checkScreen(page, `${shots}-sign-in-code`);
  await page.getByLabel("Authentication code").fill(totpCode(op.totpSecret));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Sign out" }).waitFor();
}

/** axe on the screen as it is, then screenshots at 1440x900 and 390x844 into /tmp/shots. */
export async function checkScreen(page: Page, name: string) {
  await expectNoSeriousAxeViolations(page, name);
  await mkdir(SHOTS_DIR, { recursive: true });
  const before = page.viewportSize();
  for (const [label, size] of [
    ["1440", VIEWPORTS.desktop],
    ["390", VIEWPORTS.mobile],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    // A page many screens long (the configuration: about 13,000 px at 390) is shot as the screen
    // shows it: its full-page shots took most of a test's minute on a loaded machine.
    const tall = await page.evaluate(() => document.documentElement.scrollHeight > 4 * window.innerHeight);
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${label}.png`), fullPage: !tall });
  }
  if (before) await page.setViewportSize(before);
}
