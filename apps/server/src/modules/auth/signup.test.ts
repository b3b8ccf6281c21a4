import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { accountsDriver, newPhone } from "./auth.test-helpers.ts";

let t: TestApp;
let d: ReturnType<typeof accountsDriver>;
beforeAll(async () => {
  t = await createTestApp();
  d = accountsDriver(t.app, t.database);
});
afterAll(() => t.close());

describe("sign-up", () => {
  it("sends a 4-digit code, and the right code signs the new customer in", async () => {
    const phone = newPhone();
    const res = await d.signUp(phone, "secret1");
    expect(res.statusCode).toBe(200);
    const code = await d.lastCode(phone);
    expect(code).toMatch(/^\d{4}$/);
    const confirmed = await d.confirmPhone(phone, code);
    expect(confirmed.statusCode).toBe(200);
    const tokens = confirmed.json();
    expect(tokens).toMatchObject({ token_type: "bearer", expires_in: 900, scope: "read write" });
    const profile = await t.app.inject({
      url: "/v2/customer/profile",
      headers: d.bearer(tokens.access_token),
    });
    expect(profile.json()).toMatchObject({ phone, confirmedEmail: false, completedKycLevel: "KYC_0" });
  });

  it.each([
    [{ phone: "12", password: "secret1" }, "phone"],
    [{ phone: "4915112345678", password: "short" }, "password"],
    [{ phone: "4915112345678", password: "nodigits" }, "password"],
    [{ password: "secret1" }, "phone"],
  ])("refuses %o naming %s", async (payload, field) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/v2/mobile/signup",
      headers: { "x-merchant-id": DEMO_MERCHANT_ID },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field });
  });

  it("refuses a missing or wrong request signature, and a missing captcha", async () => {
    const phone = newPhone();
    const token = await d.captchaToken();
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/v2/mobile/signup",
      headers: { "x-merchant-id": DEMO_MERCHANT_ID, "x-captcha-token": token },
      payload: { phone, password: "secret1" },
    });
    expect(unsigned.json()).toMatchObject({ error: "SIGNATURE_INVALID", field: "X-Fingerprint" });
    const forged = await t.app.inject({
      method: "POST",
      url: "/v2/mobile/signup",
      headers: { ...(await d.signed(phone, "other-password1")), "x-captcha-token": token },
      payload: { phone, password: "secret1" },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: "SIGNATURE_INVALID", field: "X-Signature" });
    const noCaptcha = await t.app.inject({
      method: "POST",
      url: "/v2/mobile/signup",
      headers: await d.signed(phone, "secret1"),
      payload: { phone, password: "secret1" },
    });
    expect(noCaptcha.json()).toMatchObject({ error: "CAPTCHA_INVALID", field: "X-Captcha-Token" });
  });

  it("spends a captcha once", async () => {
    const token = await d.captchaToken();
    const again = await t.app.inject({
      method: "POST",
      url: `/api/captcha?token=${encodeURIComponent(token)}`,
      headers: { "x-merchant-id": DEMO_MERCHANT_ID },
    });
    expect(again.json()).toEqual({ data: { success: false } });
    const bogus = await t.app.inject({ method: "POST", url: "/api/captcha?token=bm90LWEtc29sdXRpb24=" });
    expect(bogus.json()).toEqual({ data: { success: false } });
  });

  it("refuses a phone of a blocked country", async () => {
    const res = await d.signUp("79161234567", "secret1");
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: "PHONE_PREFIX_BLOCKED_FOR_REGISTRATION", field: "phone" });
  });

  it("refuses a wrong code with the tries left, and kills the code after 5 tries", async () => {
    const phone = newPhone();
    await d.signUp(phone, "secret1");
    const right = await d.lastCode(phone);
    const wrong = right === "0000" ? "1111" : "0000";
    const first = await d.confirmPhone(phone, wrong);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({
      error: "CUSTOMER_SMS_CODE_INCORRECT",
      field: "smsCode",
      data: { attemptsLeft: 4 },
    });
    for (let i = 0; i < 4; i++) await d.confirmPhone(phone, wrong);
    const dead = await d.confirmPhone(phone, right);
    expect(dead.json()).toMatchObject({ error: "CUSTOMER_EXCEEDED_NUMBER_OF_PIN_ATTEMPTS" });
  });

  it("refuses an expired code", async () => {
    const phone = newPhone();
    await d.signUp(phone, "secret1");
    await t.database.pool.query(
      "update verification_codes set expires_at = now() - interval '1 second' where phone = $1",
      [phone],
    );
    const res = await d.confirmPhone(phone, await d.lastCode(phone));
    expect(res.json()).toMatchObject({ error: "CUSTOMER_SMS_CODE_EXPIRED", field: "smsCode" });
  });

  it("makes a resend wait 60 s (429 with Retry-After)", async () => {
    const phone = newPhone();
    await d.signUp(phone, "secret1");
    const res = await t.app.inject({
      method: "POST",
      url: "/v2/mobile/phone/verify/resend",
      headers: await d.signed(phone),
      payload: { phone },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: "SMS_CODE_DELAY_NOT_REACHED" });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(50);
  });

  it("sends one code for simultaneous resends of the same phone and purpose", async () => {
    const phone = newPhone();
    await d.signUp(phone, "secret1");
    // The sign-up code is past its 60 s wait, so each resend on its own would send one.
    await t.database.pool.query(
      "update verification_codes set created_at = created_at - interval '2 minutes' where phone = $1",
      [phone],
    );
    const headers = await d.signed(phone);
    // Four at once (the phone's 5 codes an hour allow them all) rather than two: more chances
    // to meet in the window between reading the newest code and storing the next.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({
          method: "POST",
          url: "/v2/mobile/phone/verify/resend",
          remoteAddress: "198.51.100.70",
          headers,
          payload: { phone },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429, 429]);
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json()).toMatchObject({ error: "SMS_CODE_DELAY_NOT_REACHED" });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(50);
    }
    // The sign-up code and one resent code: texted, and stored.
    expect((await t.app.inject({ url: `/sandbox/sms?phone=${phone}` })).json().data).toHaveLength(2);
    const stored = await t.database.pool.query("select 1 from verification_codes where phone = $1", [phone]);
    expect(stored.rowCount).toBe(2);
  });

  it("limits codes to 5 an hour per phone and purpose", async () => {
    const phone = newPhone();
    await d.signUp(phone, "secret1");
    let last = 0;
    for (let i = 0; i < 5; i++) {
      // Let the 60 s resend delay pass without waiting: age the previous code.
      await t.database.pool.query(
        "update verification_codes set created_at = created_at - interval '2 minutes' where phone = $1",
        [phone],
      );
      const r = await t.app.inject({
        method: "POST",
        url: "/v2/mobile/phone/verify/resend",
        headers: await d.signed(phone),
        payload: { phone },
      });
      last = r.statusCode;
      if (r.statusCode === 429) {
        expect(r.json().error).toBe("TOO_MANY_REQUESTS");
        expect(r.headers["retry-after"]).toBeDefined();
        break;
      }
    }
    expect(last).toBe(429);
  });

  it("keeps the same phone at two merchants as two customers", async () => {
    const phone = newPhone();
    await d.register(phone, "secret1");
    const nimbus = accountsDriver(t.app, t.database, NIMBUS_MERCHANT_ID);
    const tokens = await nimbus.register(phone, "other-secret2");
    const a = (
      await t.app.inject({ url: "/v2/customer/profile", headers: nimbus.bearer(tokens.access_token) })
    ).json();
    const demoSignIn = await d.signIn(phone, "secret1", "device-1");
    const b = (
      await t.app.inject({ url: "/v2/customer/profile", headers: d.bearer(demoSignIn.json().access_token) })
    ).json();
    expect(a.customerId).not.toBe(b.customerId);
    expect(a.referralCodeRequired).toBe(true);
    expect(b.referralCodeRequired).toBe(false);
  });

  it("answers a second sign-up of a confirmed phone like a new one, without a code", async () => {
    const phone = newPhone();
    await d.register(phone);
    const before = (await t.app.inject({ url: `/sandbox/sms?phone=${phone}` })).json().data.length;
    const again = await d.signUp(phone, "another1");
    expect(again.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/sandbox/sms?phone=${phone}` })).json().data.length).toBe(before);
  });
});

describe("email and referral", () => {
  it("adds an email, confirms it through the emailed link, and refuses a second one", async () => {
    const phone = newPhone();
    const tokens = await d.register(phone);
    const email = `${phone}@example.com`;
    const add = await t.app.inject({
      method: "PUT",
      url: "/v2/mobile/email/add",
      headers: d.bearer(tokens.access_token),
      payload: { email },
    });
    expect(add.statusCode).toBe(200);
    const mail = (await t.app.inject({ url: `/sandbox/email?to=${email}` })).json().data[0];
    const link = new URL(/(https?:\/\/\S+)/.exec(mail.body)?.[1] as string);
    const wrong = await t.app.inject({
      url: `${link.pathname}?email=${encodeURIComponent(email)}&event=CONFIRM_EMAIL&token=${"x".repeat(43)}`,
    });
    expect(wrong.json()).toMatchObject({ error: "EMAIL_LINK_INVALID", field: "token" });
    const confirm = await t.app.inject({ url: link.pathname + link.search });
    expect(confirm.json()).toEqual({ result: "CONFIRMED" });
    const profile = (
      await t.app.inject({ url: "/v2/customer/profile", headers: d.bearer(tokens.access_token) })
    ).json();
    expect(profile).toMatchObject({ email, confirmedEmail: true });
    const second = await t.app.inject({
      method: "PUT",
      url: "/v2/mobile/email/add",
      headers: d.bearer(tokens.access_token),
      payload: { email: "b@example.com" },
    });
    expect(second.json()).toMatchObject({ error: "EMAIL_ALREADY_SET" });
    const bad = await t.app.inject({
      method: "PUT",
      url: "/v2/mobile/email/add",
      headers: d.bearer(tokens.access_token),
      payload: { email: "nope" },
    });
    expect(bad.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "email" });
  });

  it("waits 60 s between email links, its own wait: one of two resends at once is sent", async () => {
    const phone = newPhone();
    // The sign-up code was texted a moment ago: it does not hold the email link back.
    const tokens = await d.register(phone);
    const email = `${phone}@example.com`;
    const resend = () =>
      t.app.inject({
        method: "POST",
        url: "/v2/mobile/email/verify/resend",
        headers: d.bearer(tokens.access_token),
      });
    const mails = async () => (await t.app.inject({ url: `/sandbox/email?to=${email}` })).json().data.length;
    const add = await t.app.inject({
      method: "PUT",
      url: "/v2/mobile/email/add",
      headers: d.bearer(tokens.access_token),
      payload: { email },
    });
    expect(add.statusCode, add.body).toBe(200);
    const early = await resend();
    expect({ status: early.statusCode, body: early.json() }).toMatchObject({
      status: 429,
      body: { error: "SMS_CODE_DELAY_NOT_REACHED" },
    });
    expect(Number(early.headers["retry-after"])).toBeGreaterThan(0);
    expect(await mails()).toBe(1);
    // A minute later, two resends at once: one link goes out, the other waits.
    await t.database.pool.query(
      `update email_tokens set created_at = created_at - interval '61 seconds'
       where customer_id = (select id from customers where phone = $1)`,
      [phone],
    );
    const both = await Promise.all([resend(), resend()]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(await mails()).toBe(2);
  });

  it("takes another customer's referral code and refuses an unknown one or one's own", async () => {
    const referrer = await d.register(newPhone());
    const code = (
      await t.app.inject({ url: "/v2/customer/profile", headers: d.bearer(referrer.access_token) })
    ).json().ownReferralCode;
    const me = await d.register(newPhone());
    const own = (
      await t.app.inject({ url: "/v2/customer/profile", headers: d.bearer(me.access_token) })
    ).json().ownReferralCode;
    const post = (c: string) =>
      t.app.inject({
        method: "POST",
        url: "/v1/referral",
        headers: d.bearer(me.access_token),
        payload: { code: c },
      });
    expect((await post("ZZZZZZZZ")).json()).toMatchObject({ error: "REFERRAL_CODE_UNKNOWN", field: "code" });
    expect((await post(own)).json()).toMatchObject({ error: "REFERRAL_CODE_UNKNOWN" });
    expect((await post(code)).statusCode).toBe(200);
    const profile = (
      await t.app.inject({ url: "/v2/customer/profile", headers: d.bearer(me.access_token) })
    ).json();
    expect(profile.referralCode).toBe(code);
  });
});
