import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { DUMMY_HASH, verifyPassword } from "../auth/index.ts";
import { DEMO_MERCHANT_ID } from "../merchants/index.ts";
import { operatorsServiceOn } from "./operators.seed.ts";
import { cookieOf, signedInHeaders, signInOperator } from "./operators.test-helpers.ts";
import { totpCode } from "./totp.ts";

/**
 * Issue 46 items 11 and 12: the operators' doors. Only the back-office's own page, in JSON, may
 * call what changes something; the code step signs in under a new session; wrong guesses are
 * limited per address, and lock an address out of an account, never the account.
 */

// The password check, counted: an unknown email must cost the same argon2 check as a known one.
vi.mock("../auth/passwords.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../auth/passwords.ts")>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

async function newOperator() {
  const email = `op-${randomUUID()}@ops.test`;
  const created = await operatorsServiceOn(t.database.pool).createOperator({
    email,
    role: "SUPPORT",
    merchantId: DEMO_MERCHANT_ID,
    password: randomUUID(),
  });
  if (!created) throw new Error("not created");
  return { email, ...created };
}

/** Each test its own address (TEST-NET-3), so no test spends another's limit. */
let lastOctet = 0;
const newAddress = () => `203.0.113.${++lastOctet}`;

const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/admin/v1/auth/sign-in", headers, payload: { email, password } });
const from = (ip: string) => ({ "x-sandbox-client-ip": ip });
const sessionRows = async (email: string) =>
  Number(
    (
      await t.database.pool.query<{ n: string }>(
        "select count(*) as n from operator_sessions s join operators o on o.id = s.operator_id where o.email = $1",
        [email],
      )
    ).rows[0]?.n,
  );

describe("the operators' doors: JSON from the back-office's own page only", () => {
  it("refuses a form-encoded sign-in with 415 and sets no cookie", async () => {
    const op = await newOperator();
    for (const [type, payload] of [
      ["application/x-www-form-urlencoded", new URLSearchParams({ email: op.email, password: op.password })],
      ["text/plain", JSON.stringify({ email: op.email, password: op.password })],
      [
        "multipart/form-data; boundary=x",
        `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${op.email}\r\n--x--`,
      ],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: "/admin/v1/auth/sign-in",
        headers: { "content-type": type },
        payload: String(payload),
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toMatchObject({ error: "UNSUPPORTED_MEDIA_TYPE", field: "Content-Type" });
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    expect(await sessionRows(op.email)).toBe(0);
  });

  it("refuses a sign-in from another site's page (Origin, else Referer) with 403 and sets no cookie", async () => {
    const op = await newOperator();
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "http://localhost.evil.example" },
      { referer: "https://evil.example/phish.html" },
    ];
    for (const headers of foreign) {
      const res = await signIn(op.email, op.password, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ error: "ORIGIN_NOT_ALLOWED", field: "Origin" });
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    expect(await sessionRows(op.email)).toBe(0);
  });

  it("takes a sign-in from the page's own host, as the back-office served there sends it", async () => {
    const op = await newOperator();
    const own = await signIn(op.email, op.password, {
      host: "ops.merchant.example",
      origin: "http://ops.merchant.example",
    });
    expect(own.statusCode, own.body).toBe(200);
    const byReferer = await signIn(op.email, op.password, {
      host: "ops.merchant.example",
      referer: "http://ops.merchant.example/backoffice/",
    });
    expect(byReferer.statusCode, byReferer.body).toBe(200);
    const publicOrigin = new URL(t.config.publicBaseUrl).origin;
    expect((await signIn(op.email, op.password, { origin: publicOrigin })).statusCode).toBe(200);
  });

  it("refuses a signed-in call from another site, and a non-JSON body on any admin route", async () => {
    const s = await signInOperator(t.app, t.database, "MERCHANT_ADMIN", DEMO_MERCHANT_ID);
    const target = await newOperator();
    const foreign = await t.app.inject({
      method: "POST",
      url: `/admin/v1/operators/${target.operator.id}/disable`,
      headers: { ...s.headers, origin: "https://evil.example" },
      payload: { reason: "forged" },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: "ORIGIN_NOT_ALLOWED" });
    const form = await t.app.inject({
      method: "POST",
      url: `/admin/v1/operators/${target.operator.id}/disable`,
      headers: { ...s.headers, "content-type": "application/x-www-form-urlencoded" },
      payload: "reason=forged",
    });
    expect(form.statusCode).toBe(415);
    const signOut = await t.app.inject({
      method: "POST",
      url: "/admin/v1/auth/sign-out",
      headers: { ...s.headers, origin: "https://evil.example" },
    });
    expect(signOut.statusCode).toBe(403);
    // Nothing happened: the target is enabled and the session still live.
    const listed = await t.app.inject({ method: "GET", url: "/admin/v1/operators", headers: s.headers });
    expect(
      (listed.json().operators as { id: string; disabledAt: string | null }[]).find(
        (o) => o.id === target.operator.id,
      )?.disabledAt,
    ).toBeNull();
  });

  it("signs in under a new session id and CSRF token at the code step; step one's no longer hold", async () => {
    const op = await newOperator();
    const one = await signIn(op.email, op.password);
    const before = { cookie: cookieOf(one.headers["set-cookie"]), "x-csrf-token": one.json().csrfToken };
    const totp = await t.app.inject({
      method: "POST",
      url: "/admin/v1/auth/totp",
      headers: before,
      payload: { code: totpCode(op.totpSecret) },
    });
    expect(totp.statusCode, totp.body).toBe(200);
    const after = signedInHeaders(totp);
    expect(after.cookie).toMatch(/^kestrel_operator=.+/);
    expect(after.cookie).not.toBe(before.cookie);
    expect(after["x-csrf-token"]).not.toBe(before["x-csrf-token"]);
    expect(String(totp.headers["set-cookie"])).toMatch(/HttpOnly; SameSite=Strict/);
    const me = (headers: Record<string, string>) =>
      t.app.inject({ method: "GET", url: "/admin/v1/me", headers });
    expect((await me(after)).statusCode).toBe(200);
    expect((await me(before)).statusCode).toBe(401);
    // Step one's CSRF token is no longer the session's.
    const withOldToken = await t.app.inject({
      method: "POST",
      url: "/admin/v1/auth/sign-out",
      headers: { cookie: after.cookie, "x-csrf-token": before["x-csrf-token"] },
    });
    expect(withOldToken.statusCode).toBe(403);
  });
});

describe("the operators' sign-in: limits per address", () => {
  it("answers 429 once an address has spent its failures, and evaluates no more guesses", async () => {
    const ip = newAddress();
    const known = await Promise.all([newOperator(), newOperator(), newOperator(), newOperator()]);
    vi.mocked(verifyPassword).mockClear();
    // 20 failures: one wrong password on each known operator, then unknown emails.
    for (let i = 0; i < 20; i++) {
      const email = known[i]?.email ?? `guess-${i}@ops.test`;
      expect((await signIn(email, "wrong-password", from(ip))).statusCode).toBe(401);
    }
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(20);
    for (const email of [`guess-more@ops.test`, known[0]?.email ?? ""]) {
      const res = await signIn(email, "wrong-password", from(ip));
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ error: "TOO_MANY_REQUESTS" });
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(20);
    const rows = await t.database.pool.query("select 1 from operator_audit where ip = $1", [ip]);
    expect(rows.rowCount).toBe(20);
    // Another address is not held by this one's guesses.
    const op = known[1];
    expect((await signIn(op?.email ?? "", op?.password ?? "", from(newAddress()))).statusCode).toBe(200);
  });

  it("locks an address out of an account after five failures; the operator still signs in elsewhere", async () => {
    const op = await newOperator();
    const attacker = newAddress();
    for (let i = 0; i < 5; i++)
      expect((await signIn(op.email, "wrong-password", from(attacker))).statusCode).toBe(401);
    const locked = await signIn(op.email, op.password, from(attacker));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: "OPERATOR_LOCKED" });
    const own = await signIn(op.email, op.password, from(newAddress()));
    expect(own.statusCode, own.body).toBe(200);
    const totp = await t.app.inject({
      method: "POST",
      url: "/admin/v1/auth/totp",
      headers: { cookie: cookieOf(own.headers["set-cookie"]), "x-csrf-token": own.json().csrfToken },
      payload: { code: totpCode(op.totpSecret) },
    });
    expect(totp.statusCode, totp.body).toBe(200);
  });

  it("treats an unknown email as a known one: the same password check, the same lock", async () => {
    const op = await newOperator();
    const ip = newAddress();
    const unknown = `nobody-${randomUUID()}@ops.test`;
    vi.mocked(verifyPassword).mockClear();
    expect((await signIn(unknown, "wrong-password", from(ip))).statusCode).toBe(401);
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledWith(DUMMY_HASH, "wrong-password");
    for (let i = 0; i < 4; i++) await signIn(unknown, "wrong-password", from(ip));
    for (let i = 0; i < 5; i++) await signIn(op.email, "wrong-password", from(ip));
    // Both are locked alike from this address: the answers tell nothing of who exists.
    for (const email of [unknown, op.email]) {
      const res = await signIn(email, "wrong-password", from(ip));
      expect(res.statusCode, email).toBe(429);
      expect(res.json()).toMatchObject({ error: "OPERATOR_LOCKED" });
    }
  });

  it("keeps no caller-chosen text for an unknown email: its SHA-256 only", async () => {
    const ip = newAddress();
    const typed = `  Admin-Approved-By-CEO-${randomUUID()}@Ops.Test `;
    await signIn(typed, "wrong-password", from(ip));
    const { rows } = await t.database.pool.query(
      `select operator_id as "operatorId", operator_email as "operatorEmail", action, outcome,
              target_type as "targetType", target_id as "targetId"
         from operator_audit where ip = $1`,
      [ip],
    );
    expect(rows).toEqual([
      {
        operatorId: null,
        operatorEmail: null,
        action: "auth.sign-in",
        outcome: "REFUSED",
        targetType: "unknown-email-sha256",
        targetId: createHash("sha256").update(typed.trim().toLowerCase()).digest("hex"),
      },
    ]);
  });
});
