import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { DEMO_MERCHANT_ID } from "../merchants/index.ts";
import { operatorsServiceOn } from "./operators.seed.ts";
import { cookieOf, signedInHeaders, signInOperator } from "./operators.test-helpers.ts";
import { totpCode } from "./totp.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

const audit = async (operatorEmail: string) =>
  (
    await t.database.pool.query<{ action: string; outcome: string; reason: string | null }>(
      "select action, outcome, reason from operator_audit where operator_email = $1 order by id",
      [operatorEmail],
    )
  ).rows;

async function newOperator(role: "SUPPORT" | "COMPLIANCE" = "SUPPORT") {
  const email = `op-${Math.random().toString(36).slice(2)}@ops.test`;
  const created = await operatorsServiceOn(t.database.pool).createOperator({
    email,
    role,
    merchantId: DEMO_MERCHANT_ID,
  });
  if (!created) throw new Error("not created");
  return { email, ...created };
}

async function passwordStep(email: string, password: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/admin/v1/auth/sign-in",
    payload: { email, password },
  });
  return {
    res,
    headers: { cookie: cookieOf(res.headers["set-cookie"]), "x-csrf-token": res.json().csrfToken as string },
  };
}

describe("operators' sign-in", () => {
  it("takes the password, then the TOTP code; the cookie is HttpOnly and SameSite=Strict", async () => {
    const op = await newOperator();
    const { res, headers } = await passwordStep(op.email, op.password);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["set-cookie"])).toMatch(
      /kestrel_operator=[^;]+;.*Path=\/admin\/v1; HttpOnly; SameSite=Strict/,
    );
    // The password alone is no session.
    expect((await t.app.inject({ method: "GET", url: "/admin/v1/me", headers })).statusCode).toBe(401);
    const totp = await t.app.inject({
      method: "POST",
      url: "/admin/v1/auth/totp",
      headers,
      payload: { code: totpCode(op.totpSecret) },
    });
    expect(totp.statusCode).toBe(200);
    const me = await t.app.inject({ method: "GET", url: "/admin/v1/me", headers: signedInHeaders(totp) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      operator: { email: op.email, role: "SUPPORT", merchantId: DEMO_MERCHANT_ID },
      merchants: [{ id: DEMO_MERCHANT_ID }],
    });
    expect((await audit(op.email)).map((a) => a.action)).toEqual(["auth.password", "auth.sign-in"]);
  });

  it("refuses a wrong code, and the same right code twice, and audits both", async () => {
    const op = await newOperator();
    const { headers } = await passwordStep(op.email, op.password);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/admin/v1/auth/totp",
      headers,
      payload: { code: "000000" === totpCode(op.totpSecret) ? "111111" : "000000" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: "OPERATOR_CODE_WRONG", field: "code" });
    const code = totpCode(op.totpSecret);
    expect(
      (await t.app.inject({ method: "POST", url: "/admin/v1/auth/totp", headers, payload: { code } }))
        .statusCode,
    ).toBe(200);
    const again = await passwordStep(op.email, op.password);
    const replay = await t.app.inject({
      method: "POST",
      url: "/admin/v1/auth/totp",
      headers: again.headers,
      payload: { code },
    });
    expect(replay.statusCode).toBe(401);
    const refused = (await audit(op.email)).filter((a) => a.outcome === "REFUSED");
    expect(refused).toEqual([
      expect.objectContaining({ action: "auth.totp", reason: "wrong code" }),
      expect.objectContaining({ action: "auth.totp", reason: "code used before" }),
    ]);
  });

  it("answers a bad body with the error shape naming the field", async () => {
    const op = await newOperator();
    const { headers } = await passwordStep(op.email, op.password);
    const res = await t.app.inject({
      method: "POST",
      url: "/admin/v1/auth/totp",
      headers,
      payload: { code: "12" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "NOT_VALID_REQUEST_DATA",
      field: "code",
      requestId: expect.any(String),
    });
  });

  it("locks sign-in after five failures, even for the right password", async () => {
    const op = await newOperator();
    for (let i = 0; i < 5; i++) expect((await passwordStep(op.email, "wrong-1")).res.statusCode).toBe(401);
    const locked = await passwordStep(op.email, op.password);
    expect(locked.res.statusCode).toBe(429);
    expect(locked.res.json()).toMatchObject({ error: "OPERATOR_LOCKED" });
    expect((await audit(op.email)).at(-1)).toMatchObject({ action: "auth.locked", outcome: "REFUSED" });
  });

  it("refuses a call that changes something without the CSRF token, and audits it", async () => {
    const s = await signInOperator(t.app, t.database, "SUPPORT", DEMO_MERCHANT_ID);
    const res = await t.app.inject({
      method: "POST",
      url: "/admin/v1/auth/sign-out",
      headers: { cookie: s.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: "CSRF_TOKEN_INVALID", field: "X-CSRF-Token" });
    expect((await audit(s.email)).at(-1)).toMatchObject({
      outcome: "REFUSED",
      reason: "CSRF token missing or wrong",
    });
    const ok = await t.app.inject({ method: "POST", url: "/admin/v1/auth/sign-out", headers: s.headers });
    expect(ok.statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: "/admin/v1/me", headers: s.headers })).statusCode).toBe(
      401,
    );
  });

  it("ends a session idle for 15 minutes, and audits the refusal", async () => {
    const s = await signInOperator(t.app, t.database, "SUPPORT", DEMO_MERCHANT_ID);
    expect((await t.app.inject({ method: "GET", url: "/admin/v1/me", headers: s.headers })).statusCode).toBe(
      200,
    );
    await t.database.pool.query(
      "update operator_sessions set last_seen_at = now() - interval '16 minutes' where operator_id = $1",
      [s.id],
    );
    const res = await t.app.inject({ method: "GET", url: "/admin/v1/me", headers: s.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: "OPERATOR_SESSION_EXPIRED" });
    expect((await audit(s.email)).at(-1)).toMatchObject({ outcome: "REFUSED", reason: "session expired" });
  });

  it("ends a session 12 hours old however busy", async () => {
    const s = await signInOperator(t.app, t.database, "SUPPORT", DEMO_MERCHANT_ID);
    await t.database.pool.query(
      "update operator_sessions set created_at = now() - interval '12 hours 1 minute' where operator_id = $1",
      [s.id],
    );
    expect((await t.app.inject({ method: "GET", url: "/admin/v1/me", headers: s.headers })).statusCode).toBe(
      401,
    );
  });

  it("keeps the audit trail append-only", async () => {
    await expect(t.database.pool.query("update operator_audit set reason = 'x'")).rejects.toThrow(
      /append-only/,
    );
    await expect(t.database.pool.query("delete from operator_audit")).rejects.toThrow(/append-only/);
  });
});
