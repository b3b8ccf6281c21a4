import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { accountsDriver, newPhone } from "./auth.test-helpers.ts";
import { hashPassword } from "./passwords.ts";
import { hashToken } from "./tokens.ts";

let t: TestApp;
let d: ReturnType<typeof accountsDriver>;
beforeAll(async () => {
  t = await createTestApp();
  d = accountsDriver(t.app, t.database);
});
afterAll(() => t.close());

const profileOf = (token: string) => t.app.inject({ url: "/v2/customer/profile", headers: d.bearer(token) });

describe("sign-in", () => {
  it("signs in on a known device with phone and password", async () => {
    const phone = newPhone();
    await d.register(phone, "secret1", "laptop");
    const res = await d.signIn(phone, "secret1", "laptop");
    expect(res.statusCode).toBe(200);
    expect((await profileOf(res.json().access_token)).json().phone).toBe(phone);
  });

  it("asks a new device for an SMS code, then accepts it", async () => {
    const phone = newPhone();
    await d.register(phone, "secret1", "laptop");
    const first = await d.signIn(phone, "secret1", "phone-2");
    expect(first.statusCode).toBe(403);
    expect(first.json()).toMatchObject({
      error: "DEVICE_CONFIRMATION_REQUIRED",
      data: { confirmationRequired: true },
    });
    const wrong = await d.signIn(
      phone,
      "secret1",
      "phone-2",
      "0000" === (await d.lastCode(phone)) ? "1111" : "0000",
    );
    expect(wrong.json()).toMatchObject({
      error: "CUSTOMER_VERIFICATION_CODE_INCORRECT",
      field: "X-Confirmation-Code",
    });
    const second = await d.signIn(phone, "secret1", "phone-2", await d.lastCode(phone));
    expect(second.statusCode).toBe(200);
    // The device is known from now on: no code the next time.
    expect((await d.signIn(phone, "secret1", "phone-2")).statusCode).toBe(200);
  });

  it("keeps the 60-second resend wait per purpose: sign-up and reset codes do not hold back a new-device code", async () => {
    const phone = newPhone();
    await d.register(phone, "secret1", "laptop");
    const reset = await t.app.inject({
      method: "POST",
      url: "/v2/mobile/password/reset",
      headers: await d.signed(phone),
      payload: { phone },
    });
    expect(reset.statusCode).toBe(200);
    // Within a minute of both the sign-up code and the reset code: the new device still gets its own.
    const newDevice = await d.signIn(phone, "secret1", "phone-2");
    expect({ status: newDevice.statusCode, body: newDevice.json() }).toMatchObject({
      status: 403,
      body: { error: "DEVICE_CONFIRMATION_REQUIRED" },
    });
    expect((await d.signIn(phone, "secret1", "phone-2", await d.lastCode(phone))).statusCode).toBe(200);
    // The wait still holds within a purpose: a second new-device code at once is refused.
    const again = await d.signIn(phone, "secret1", "tablet-3");
    expect(again.json()).toMatchObject({ error: "SMS_CODE_DELAY_NOT_REACHED" });
  });

  it("answers a wrong password and an unknown phone alike, and locks after 10 failures", async () => {
    const phone = newPhone();
    await d.register(phone, "secret1");
    const wrong = await d.signIn(phone, "wrong-pass1", "device-1");
    const unknown = await d.signIn(newPhone(), "wrong-pass1", "device-1");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ error: wrong.json().error, message: wrong.json().message });
    for (let i = 0; i < 9; i++) await d.signIn(phone, "wrong-pass1", "device-1");
    const locked = await d.signIn(phone, "secret1", "device-1");
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: "SIGN_IN_LOCKED" });
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(800);
  });

  it("counts failures atomically: of 30 concurrent wrong passwords at most 10 are evaluated", async () => {
    const phone = newPhone();
    await d.register(phone, "secret1");
    const headers = {
      ...(await d.signed(phone, "wrong-pass1")),
      "x-deviceid": "device-1",
      "content-type": "application/x-www-form-urlencoded",
    };
    const payload = new URLSearchParams({
      grant_type: "mobile_phone",
      number: phone,
      password: "wrong-pass1",
    });
    // Its own address, so the per-address limit of other tests' failures plays no part.
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.app.inject({
          method: "POST",
          url: "/oauth/token",
          remoteAddress: "198.51.100.30",
          headers,
          payload: payload.toString(),
        }),
      ),
    );
    const errors = answers.map((a) => a.json().error as string);
    // An evaluated password answers WRONG_LOGIN...; the lock answers without evaluating.
    expect(errors.filter((e) => e === "WRONG_LOGIN_OR_PASSWORD_EXCEPTION")).toHaveLength(10);
    expect(errors.filter((e) => e === "SIGN_IN_LOCKED")).toHaveLength(20);
    // The right password now meets the lock too.
    expect((await d.signIn(phone, "secret1", "device-1")).json()).toMatchObject({ error: "SIGN_IN_LOCKED" });
  });

  it("counts an address's failures atomically: of 60 concurrent wrong passwords on 60 accounts, 50 are evaluated", async () => {
    // Sixty confirmed accounts straight in the table: the sign-up flow's own per-address limit
    // (20 an hour) would stop at a third of them.
    const passwordHash = await hashPassword("secret1");
    const phones = Array.from({ length: 60 }, () => newPhone());
    await t.database.pool.query(
      `insert into customers (id, merchant_id, phone, phone_confirmed, password_hash, own_referral_code)
       select gen_random_uuid(), $1, phone, true, $2, left(gen_random_uuid()::text, 8) from unnest($3::text[]) phone`,
      [DEMO_MERCHANT_ID, passwordHash, phones],
    );
    const answers = await Promise.all(
      phones.map(async (phone) =>
        t.app.inject({
          method: "POST",
          url: "/oauth/token",
          // An address of its own, so other tests' failures leave its 50 an hour untouched.
          remoteAddress: "198.51.100.60",
          headers: {
            ...(await d.signed(phone, "wrong-pass1")),
            "x-deviceid": "device-1",
            "content-type": "application/x-www-form-urlencoded",
          },
          payload: new URLSearchParams({
            grant_type: "mobile_phone",
            number: phone,
            password: "wrong-pass1",
          }).toString(),
        }),
      ),
    );
    const errors = answers.map((a) => a.json().error as string);
    expect(errors.filter((e) => e === "WRONG_LOGIN_OR_PASSWORD_EXCEPTION")).toHaveLength(50);
    expect(errors.filter((e) => e === "TOO_MANY_REQUESTS")).toHaveLength(10);
  });

  it("puts the refresh token in an HttpOnly SameSite=Strict cookie, and not in a browser's body", async () => {
    const phone = newPhone();
    await d.register(phone, "secret1");
    const res = await t.app.inject({
      method: "POST",
      url: "/oauth/token",
      headers: {
        ...(await d.signed(phone, "secret1")),
        origin: "http://localhost:3000",
        "x-deviceid": "device-1",
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: `grant_type=mobile_phone&number=${phone}&password=secret1`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().refresh_token).toBeUndefined();
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/kestrel_rt=[^;]+; Max-Age=\d+; Path=\/oauth\/token; HttpOnly; SameSite=Strict/);
    // Spec §9: the refresh token's cookie lives 999 days (the default of REFRESH_TOKEN_TTL_DAYS).
    expect(cookie).toContain(`Max-Age=${999 * 86400};`);
    const value = /kestrel_rt=([^;]+)/.exec(cookie)?.[1] as string;
    const refreshed = await t.app.inject({
      method: "POST",
      url: "/oauth/token",
      headers: { origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" },
      cookies: { kestrel_rt: value },
      payload: "grant_type=refresh_token",
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().access_token).toBeTypeOf("string");
  });
});

describe("sessions", () => {
  it("rotates refresh tokens, and a reused one revokes the whole session", async () => {
    const tokens = await d.register(newPhone());
    const second = await d.refresh(tokens.refresh_token);
    expect(second.statusCode).toBe(200);
    const third = await d.refresh(second.json().refresh_token);
    expect(third.statusCode).toBe(200);
    // The first token again: theft or replay. Everything of that session dies.
    const replay = await d.refresh(tokens.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect((await d.refresh(third.json().refresh_token)).statusCode).toBe(401);
    expect((await profileOf(third.json().access_token)).statusCode).toBe(401);
  });

  it("answers a token again whose answer was lost, once, within 30 s; the lost token then ends it", async () => {
    const tokens = await d.register(newPhone());
    const lost = await d.refresh(tokens.refresh_token); // its answer never reached the browser
    expect(lost.statusCode).toBe(200);
    const again = await d.refresh(tokens.refresh_token);
    expect(again.statusCode, again.body).toBe(200);
    const next = await d.refresh(again.json().refresh_token);
    expect(next.statusCode).toBe(200);
    expect((await profileOf(next.json().access_token)).statusCode).toBe(200);
    // The token the lost answer carried was retired: whoever shows it got it some other way.
    expect((await d.refresh(lost.json().refresh_token)).statusCode).toBe(401);
    expect((await profileOf(next.json().access_token)).statusCode).toBe(401);
  });

  it("gives no second answer after 30 s, nor once the rotated token was used", async () => {
    const late = await d.register(newPhone());
    expect((await d.refresh(late.refresh_token)).statusCode).toBe(200);
    await t.database.pool.query(
      "update refresh_tokens set used_at = now() - interval '31 seconds' where token_hash = $1",
      [hashToken(late.refresh_token)],
    );
    expect((await d.refresh(late.refresh_token)).statusCode).toBe(401);
    expect((await profileOf(late.access_token)).statusCode).toBe(401);

    const used = await d.register(newPhone());
    const second = await d.refresh(used.refresh_token);
    expect((await d.refresh(second.json().refresh_token)).statusCode).toBe(200);
    expect((await d.refresh(used.refresh_token)).statusCode).toBe(401);
  });

  it("refuses a garbage, a forged and a missing token with 401", async () => {
    expect((await profileOf("not-a-jwt")).statusCode).toBe(401);
    const tokens = await d.register(newPhone());
    const [h, p] = tokens.access_token.split(".");
    expect((await profileOf(`${h}.${p}.AAAA`)).json()).toMatchObject({ error: "INVALID_TOKEN" });
    expect((await t.app.inject({ url: "/v2/customer/profile" })).statusCode).toBe(401);
    expect((await d.refresh("x".repeat(43))).statusCode).toBe(401);
  });

  it("refuses a refresh token on another merchant's host and leaves it unspent for its own", async () => {
    const nimbus = accountsDriver(t.app, t.database, NIMBUS_MERCHANT_ID);
    const tokens = await nimbus.register(newPhone());
    // The demo merchant's driver sends X-Merchant-ID of the demo merchant.
    expect((await d.refresh(tokens.refresh_token)).statusCode).toBe(401);
    // Had the refusal spent it, this would be a reuse and end the session.
    expect((await nimbus.refresh(tokens.refresh_token)).statusCode).toBe(200);
  });

  it("refuses a token issued for one merchant on another merchant's host or header", async () => {
    const nimbus = accountsDriver(t.app, t.database, NIMBUS_MERCHANT_ID);
    const { access_token: token } = await nimbus.register(newPhone());
    const authorization = `Bearer ${token}`;
    const on = (headers: Record<string, string>) =>
      t.app.inject({ url: "/v2/customer/profile", headers: { authorization, ...headers } });
    // Its own merchant, by header or by host name: accepted.
    expect((await on({ "x-merchant-id": NIMBUS_MERCHANT_ID })).statusCode).toBe(200);
    expect((await on({ host: "nimbus.localhost" })).statusCode).toBe(200);
    // The demo merchant's host (or its header) with Nimbus's token: refused.
    const elsewhere: Record<string, string>[] = [
      { host: "localhost" },
      { "x-merchant-id": DEMO_MERCHANT_ID },
    ];
    for (const headers of elsewhere) {
      const res = await on(headers);
      expect({ status: res.statusCode, body: res.json() }).toMatchObject({
        status: 401,
        body: { error: "INVALID_TOKEN" },
      });
    }
  });

  it("signs out: the session's access and refresh tokens stop working at once", async () => {
    const tokens = await d.register(newPhone());
    const out = await t.app.inject({
      method: "POST",
      url: "/signout",
      headers: { ...d.bearer(tokens.access_token), "x-deviceid": "device-1" },
    });
    expect(out.json()).toEqual({ result: "OK" });
    expect((await profileOf(tokens.access_token)).statusCode).toBe(401);
    expect((await d.refresh(tokens.refresh_token)).statusCode).toBe(401);
  });

  it("introspects a live token with GET /oauth/token", async () => {
    const tokens = await d.register(newPhone());
    const res = await t.app.inject({ url: "/oauth/token", headers: d.bearer(tokens.access_token) });
    expect(res.json()).toMatchObject({ active: true, kycLevel: "KYC_0" });
    expect(res.json().expires_in).toBeGreaterThan(890);
  });
});

describe("passwords", () => {
  it("resets a password by SMS code, revoking every session", async () => {
    const phone = newPhone();
    const old = await d.register(phone, "secret1");
    const start = await t.app.inject({
      method: "POST",
      url: "/v2/mobile/password/reset",
      headers: await d.signed(phone),
      payload: { phone },
    });
    expect(start.statusCode).toBe(200);
    const code = await d.lastCode(phone);
    const check = await t.app.inject({
      method: "POST",
      url: "/v2/mobile/password/reset/confirm/code",
      headers: await d.signed(phone),
      payload: { phone, code },
    });
    expect(check.statusCode).toBe(200);
    const weak = await t.app.inject({
      method: "POST",
      url: "/v2/mobile/password/reset/confirm",
      headers: await d.signed(phone),
      payload: { phone, code, password: "weak" },
    });
    expect(weak.json()).toMatchObject({ field: "password" });
    const done = await t.app.inject({
      method: "POST",
      url: "/v2/mobile/password/reset/confirm",
      headers: { ...(await d.signed(phone)), "x-deviceid": "device-9" },
      payload: { phone, code, password: "newsecret2" },
    });
    expect(done.statusCode).toBe(200);
    expect((await profileOf(old.access_token)).statusCode).toBe(401);
    expect((await d.signIn(phone, "secret1", "device-9")).statusCode).toBe(401);
    expect((await d.signIn(phone, "newsecret2", "device-9")).statusCode).toBe(200);
  });

  it("answers a reset for an unknown phone like a known one, sending nothing", async () => {
    const phone = newPhone();
    const res = await t.app.inject({
      method: "POST",
      url: "/v2/mobile/password/reset",
      headers: await d.signed(phone),
      payload: { phone },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/sandbox/sms?phone=${phone}` })).json().data).toEqual([]);
  });

  it("changes a password with the current one", async () => {
    const phone = newPhone();
    const tokens = await d.register(phone, "secret1");
    const change = (currentPassword: string, newPassword: string) =>
      t.app.inject({
        method: "PUT",
        url: "/v2/mobile/password/change",
        headers: d.bearer(tokens.access_token),
        payload: { currentPassword, newPassword },
      });
    expect((await change("wrong1", "newsecret3")).json()).toMatchObject({
      error: "CURRENT_PASSWORD_WRONG",
      field: "currentPassword",
    });
    expect((await change("secret1", "nodigit")).json()).toMatchObject({ field: "newPassword" });
    expect((await change("secret1", "newsecret3")).statusCode).toBe(200);
    expect((await d.signIn(phone, "newsecret3", "device-1")).statusCode).toBe(200);
  });
});
