import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { operatorsServiceOn } from "./operators.seed.ts";
import { cookieOf, type OperatorSession, signedInHeaders, signInOperator } from "./operators.test-helpers.ts";
import { totpCode } from "./totp.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

const entries = async (targetId: string) =>
  (
    await t.database.pool.query<{ action: string; outcome: string; reason: string | null }>(
      "select action, outcome, reason from operator_audit where target_id = $1 order by id",
      [targetId],
    )
  ).rows;

/** Signs in with both steps; a TOTP step is good once, so the second session waits for the next one. */
async function session(email: string, password: string, totpSecret: string, at = Date.now()) {
  const signIn = await t.app.inject({
    method: "POST",
    url: "/admin/v1/auth/sign-in",
    payload: { email, password },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const headers = { cookie: cookieOf(signIn.headers["set-cookie"]), "x-csrf-token": signIn.json().csrfToken };
  const totp = await t.app.inject({
    method: "POST",
    url: "/admin/v1/auth/totp",
    headers,
    payload: { code: totpCode(totpSecret, at) },
  });
  expect(totp.statusCode, totp.body).toBe(200);
  return signedInHeaders(totp);
}

const call = (headers: Record<string, string>, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe("a one-time password (npm run operator:create)", () => {
  it("must be changed before anything else; the change ends the operator's other sessions", async () => {
    const email = `new-${Math.random().toString(36).slice(2)}@ops.test`;
    const created = await operatorsServiceOn(t.database.pool).createOperator({
      email,
      role: "SUPPORT",
      merchantId: DEMO_MERCHANT_ID,
    });
    if (!created) throw new Error("not created");
    const other = await session(email, created.password, created.totpSecret, Date.now() - 30_000);
    const headers = await session(email, created.password, created.totpSecret);

    const me = await call(headers, "GET", "/admin/v1/me");
    expect(me.json().operator).toMatchObject({ passwordChangeRequired: true });
    const refused = await call(headers, "GET", "/admin/v1/dashboard");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: "OPERATOR_PASSWORD_CHANGE_REQUIRED" });

    const change = (payload: object) => call(headers, "POST", "/admin/v1/auth/password", payload);
    const wrong = await change({ currentPassword: "not-it", newPassword: "a-long-new-password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: "OPERATOR_PASSWORD_WRONG", field: "currentPassword" });
    const short = await change({ currentPassword: created.password, newPassword: "short" });
    expect(short.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "newPassword" });
    const same = await change({ currentPassword: created.password, newPassword: created.password });
    expect(same.json()).toMatchObject({ field: "newPassword" });
    const noCsrf = await t.app.inject({
      method: "POST",
      url: "/admin/v1/auth/password",
      headers: { cookie: headers.cookie },
      payload: { currentPassword: created.password, newPassword: "a-long-new-password" },
    });
    expect(noCsrf.statusCode).toBe(403);

    expect(
      (await change({ currentPassword: created.password, newPassword: "a-long-new-password" })).statusCode,
    ).toBe(204);
    expect((await call(headers, "GET", "/admin/v1/me")).json().operator.passwordChangeRequired).toBe(false);
    expect((await call(headers, "GET", "/admin/v1/dashboard")).statusCode).toBe(200);
    expect((await call(other, "GET", "/admin/v1/me")).statusCode).toBe(401);
    // The old password no longer signs in.
    const old = await t.app.inject({
      method: "POST",
      url: "/admin/v1/auth/sign-in",
      payload: { email, password: created.password },
    });
    expect(old.statusCode).toBe(401);
    expect((await entries(created.operator.id)).map((e) => `${e.action} ${e.outcome}`)).toEqual([
      "auth.password-change DONE",
    ]);
  });
});

describe("disabling an operator", () => {
  let admin: OperatorSession;
  beforeAll(async () => {
    admin = await signInOperator(t.app, t.database, "MERCHANT_ADMIN", DEMO_MERCHANT_ID);
  });
  const disable = (by: OperatorSession, id: string, payload: object = { reason: "left the company" }) =>
    call(by.headers, "POST", `/admin/v1/operators/${id}/disable`, payload);

  it("ends their sessions and refuses their sign-in; audited with the reason; twice is 409", async () => {
    const support = await signInOperator(t.app, t.database, "SUPPORT", DEMO_MERCHANT_ID);
    const listed = (await call(admin.headers, "GET", "/admin/v1/operators")).json().operators as {
      id: string;
      disabledAt: string | null;
    }[];
    expect(listed.find((o) => o.id === support.id)).toMatchObject({ disabledAt: null });

    const missingReason = await disable(admin, support.id, {});
    expect(missingReason.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "reason" });
    expect((await disable(admin, support.id)).statusCode).toBe(204);
    expect((await call(support.headers, "GET", "/admin/v1/me")).statusCode).toBe(401);
    const ended = await t.database.pool.query<{ n: string }>(
      "select count(*) as n from operator_sessions where operator_id = $1 and ended_at is null",
      [support.id],
    );
    expect(Number(ended.rows[0]?.n)).toBe(0);
    expect(await entries(support.id)).toEqual([
      { action: "operator.disable", outcome: "DONE", reason: "left the company" },
    ]);
    const again = await disable(admin, support.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: "OPERATOR_ALREADY_DISABLED" });
  });

  it("never reaches another merchant's operator (404), nor the admin themselves", async () => {
    const nimbusSupport = await signInOperator(t.app, t.database, "SUPPORT", NIMBUS_MERCHANT_ID);
    const other = await disable(admin, nimbusSupport.id);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: "OPERATOR_NOT_FOUND" });
    expect((await call(nimbusSupport.headers, "GET", "/admin/v1/me")).statusCode).toBe(200);
    const listed = (await call(admin.headers, "GET", "/admin/v1/operators")).json().operators as {
      id: string;
    }[];
    expect(listed.map((o) => o.id)).not.toContain(nimbusSupport.id);
    expect((await disable(admin, admin.id)).json()).toMatchObject({ error: "OPERATOR_DISABLE_SELF" });
    // A platform admin reaches any merchant's operator.
    const platform = await signInOperator(t.app, t.database, "PLATFORM_ADMIN", null);
    expect((await disable(platform, nimbusSupport.id)).statusCode).toBe(204);
  });
});
