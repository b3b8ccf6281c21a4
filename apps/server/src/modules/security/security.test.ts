import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockWaiters } from "../../db/test-database.ts";
import { clientSourceFromPool, inTransaction } from "../../db/transaction.ts";
import { createServices } from "../../services.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { accountsDriver, newPhone } from "../auth/auth.test-helpers.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";

// The security centre (docs/accounts.md "Security centre"): sessions and signing them out, the
// event record written in each action's transaction, the new-device alert and its link.

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let t: TestApp;
let d: ReturnType<typeof accountsDriver>;
beforeAll(async () => {
  t = await createTestApp();
  d = accountsDriver(t.app, t.database);
});
afterAll(() => t.close());

type Session = {
  id: string;
  device: string | null;
  country: string | null;
  current: boolean;
  lastActiveAt: string;
};
type SecurityEvent = { kind: string; details: Record<string, string>; createdAt: string };

const get = (url: string, token: string) => t.app.inject({ url, headers: d.bearer(token) });
const sessionsOf = async (token: string) =>
  (await get("/v2/security/sessions", token)).json().sessions as Session[];
const eventsOf = async (token: string) =>
  (await get("/v2/security/events", token)).json().events as SecurityEvent[];
const signOut = (token: string, id: string) =>
  t.app.inject({ method: "DELETE", url: `/v2/security/sessions/${id}`, headers: d.bearer(token) });
const isLive = async (token: string) => (await get("/oauth/token", token)).statusCode === 200;
const sessionIdOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()).sid as string;

/** A customer signed in twice on their confirmed device: two sessions. */
async function twoSessions() {
  const phone = newPhone();
  const first = await d.register(phone, "secret1", "laptop");
  const again = await d.signIn(phone, "secret1", "laptop");
  expect(again.statusCode).toBe(200);
  return { phone, first: first.access_token, second: again.json().access_token as string };
}

/** A customer with a confirmed email (the alert goes only to one). */
async function withConfirmedEmail() {
  const phone = newPhone();
  const tokens = await d.register(phone, "secret1", "laptop");
  const email = `${phone}@example.com`;
  const add = await t.app.inject({
    method: "PUT",
    url: "/v2/mobile/email/add",
    headers: d.bearer(tokens.access_token),
    payload: { email },
  });
  expect(add.statusCode, add.body).toBe(200);
  const link = new URL(/(https?:\/\/\S+)/.exec((await emailsTo(email))[0]?.body ?? "")?.[1] as string);
  const confirmed = await t.app.inject({ url: `${link.pathname}${link.search}` });
  expect(confirmed.statusCode).toBeLessThan(400);
  return { phone, email, token: tokens.access_token };
}

const emailsTo = async (to: string) =>
  (await t.app.inject({ url: `/sandbox/email?to=${to}` })).json().data as { subject: string; body: string }[];

/**
 * Signs in on a device never used before: the code step, then the session. `remoteAddress`: the
 * address the sign-in comes from (the test's own loopback by default, which places nowhere).
 */
async function signInOnNewDevice(
  phone: string,
  deviceId: string,
  remoteAddress?: string,
  extraHeaders: Record<string, string> = {},
) {
  expect((await d.signIn(phone, "secret1", deviceId)).statusCode).toBe(403);
  const res = await t.app.inject({
    method: "POST",
    url: "/oauth/token",
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: {
      ...(await d.signed(phone, "secret1")),
      "x-deviceid": deviceId,
      "x-confirmation-code": await d.lastCode(phone),
      "user-agent": CHROME_MAC,
      "content-type": "application/x-www-form-urlencoded",
      ...extraHeaders,
    },
    payload: new URLSearchParams({
      grant_type: "mobile_phone",
      number: phone,
      password: "secret1",
    }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

describe("sessions", () => {
  it("lists the live sessions with this one marked current, named from the User-Agent", async () => {
    const { phone, first } = await twoSessions();
    const other = await signInOnNewDevice(phone, "mac");
    const sessions = await sessionsOf(first);
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current).map((s) => s.id)).toEqual([sessionIdOf(first)]);
    expect(sessions.find((s) => s.id === sessionIdOf(other))?.device).toBe("Chrome on macOS");
  });

  it("signs out another session: its token stops at once, this one goes on, the record says so", async () => {
    const { first, second } = await twoSessions();
    const res = await signOut(first, sessionIdOf(second));
    expect(res.statusCode, res.body).toBe(200);
    expect(await isLive(second)).toBe(false);
    expect(await isLive(first)).toBe(true);
    expect((await sessionsOf(first)).map((s) => s.id)).toEqual([sessionIdOf(first)]);
    expect((await eventsOf(first))[0]).toMatchObject({
      kind: "SESSION_SIGNED_OUT",
      details: { endedSession: sessionIdOf(second) },
    });
    // Once ended, it is not there to end again.
    expect((await signOut(first, sessionIdOf(second))).statusCode).toBe(404);
  });

  it("another customer's session is a 404 naming id and stays live; a malformed id is a 400", async () => {
    const mine = await twoSessions();
    const theirs = await twoSessions();
    const res = await signOut(mine.first, sessionIdOf(theirs.second));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: "SESSION_NOT_FOUND", field: "id" });
    expect(await isLive(theirs.second)).toBe(true);
    expect((await eventsOf(mine.first)).map((e) => e.kind)).not.toContain("SESSION_SIGNED_OUT");
    const bad = await signOut(mine.first, "not-a-session");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("id");
  });

  it("signs out every other session and keeps this one", async () => {
    const { phone, first, second } = await twoSessions();
    const third = (await d.signIn(phone, "secret1", "laptop")).json().access_token as string;
    const res = await t.app.inject({
      method: "POST",
      url: "/v2/security/sessions/sign-out-others",
      headers: d.bearer(second),
    });
    expect(res.json()).toEqual({ signedOut: 2 });
    expect([await isLive(first), await isLive(second), await isLive(third)]).toEqual([false, true, false]);
    expect((await eventsOf(second))[0]).toMatchObject({ kind: "ALL_SIGNED_OUT", details: { sessions: "2" } });
  });

  it("a signed-out session's token cannot sign out others", async () => {
    const { first, second } = await twoSessions();
    await signOut(first, sessionIdOf(second));
    const res = await t.app.inject({
      method: "POST",
      url: "/v2/security/sessions/sign-out-others",
      headers: d.bearer(second),
    });
    expect(res.statusCode).toBe(401);
    expect(await isLive(first)).toBe(true);
  });
});

describe("last active", () => {
  it("moves on use at most once a minute, and on a refresh", async () => {
    const phone = newPhone();
    const tokens = await d.register(phone, "secret1", "laptop");
    const sid = sessionIdOf(tokens.access_token);
    const setBack = () =>
      t.database.pool.query(
        "update sessions set last_active_at = now() - interval '10 minutes' where id = $1",
        [sid],
      );
    const lastActive = async () =>
      (
        await t.database.pool.query<{ age: number }>(
          "select extract(epoch from now() - last_active_at)::float8 as age from sessions where id = $1",
          [sid],
        )
      ).rows[0]?.age ?? 0;
    await setBack();
    await get("/oauth/token", tokens.access_token);
    expect(await lastActive()).toBeLessThan(60);
    // Within the minute, a signed-in call writes nothing.
    await setBack();
    await get("/oauth/token", tokens.access_token);
    expect(await lastActive()).toBeGreaterThan(500);
    // A refresh moves it.
    expect((await d.refresh(tokens.refresh_token)).statusCode).toBe(200);
    expect(await lastActive()).toBeLessThan(60);
  });
});

describe("the event record", () => {
  it("records sign-ins, the password change and the email, newest first, and pages", async () => {
    const { token } = await withConfirmedEmail();
    const change = await t.app.inject({
      method: "PUT",
      url: "/v2/mobile/password/change",
      headers: d.bearer(token),
      payload: { currentPassword: "secret1", newPassword: "secret2" },
    });
    expect(change.statusCode).toBe(200);
    const kinds = (await eventsOf(token)).map((e) => e.kind);
    expect(kinds).toEqual(["PASSWORD_CHANGED", "EMAIL_CHANGED", "SIGN_IN"]);
    const page = (await get("/v2/security/events?offset=1&size=1", token)).json();
    expect(page.events.map((e: SecurityEvent) => e.kind)).toEqual(["EMAIL_CHANGED"]);
    expect((await get("/v2/security/events?size=0", token)).json().field).toBe("size");
  });

  it("an event that cannot be written takes its action with it (one transaction)", async () => {
    const phone = newPhone();
    const { access_token } = await d.register(phone, "secret1", "laptop");
    const claims = (await get("/oauth/token", access_token)).json() as {
      customerId: string;
      merchantId: string;
    };
    const signedIn = { ...claims, sessionId: sessionIdOf(access_token), kycLevel: "KYC_0" };
    // The services themselves (a 500 over HTTP is no answer of the contract), on the same database.
    const { auth } = createServices(t.config, t.database);
    // A trigger refuses this customer's events only: their actions must then not happen either.
    const fn = `test_refuse_events_${randomUUID().replaceAll("-", "")}`;
    await t.database.pool.query(`
      create function ${fn}() returns trigger language plpgsql as $$
      begin
        if new.customer_id = '${claims.customerId}' then raise exception 'refused by the test'; end if;
        return new;
      end $$;
      create trigger ${fn} before insert on security_events for each row execute function ${fn}();`);
    try {
      await expect(auth.changePassword(signedIn, "secret1", "secret2")).rejects.toThrow(
        /refused by the test/,
      );
      await expect(auth.signOut(signedIn)).rejects.toThrow(/refused by the test/);
    } finally {
      await t.database.pool.query(`drop trigger ${fn} on security_events; drop function ${fn}();`);
    }
    // The password is the old one and the session still live.
    expect((await d.signIn(phone, "secret2", "laptop")).json().error).toBe(
      "WRONG_LOGIN_OR_PASSWORD_EXCEPTION",
    );
    expect(await isLive(access_token)).toBe(true);
    expect((await eventsOf(access_token)).map((e) => e.kind)).toEqual(["SIGN_IN"]);
  });
});

describe("new device alert", () => {
  it("emails only for a device never used before, with a link that signs out everywhere once", async () => {
    const { phone, email, token } = await withConfirmedEmail();
    const before = (await emailsTo(email)).length;
    expect((await d.signIn(phone, "secret1", "laptop")).statusCode).toBe(200);
    expect((await emailsTo(email)).length).toBe(before);

    const intruder = await signInOnNewDevice(phone, "unknown-tablet");
    const mails = await emailsTo(email);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]?.subject).toMatch(/New sign-in/);
    expect(mails[0]?.body).toContain("Chrome on macOS");
    expect(mails[0]?.body).toMatch(/This wasn't me:\n\S*\/security\/not-me\?token=/);
    const link = new URL(/(https?:\/\/\S*\/security\/not-me\S*)/.exec(mails[0]?.body ?? "")?.[1] as string);
    const linkToken = link.searchParams.get("token") as string;
    expect((await eventsOf(token))[0]).toMatchObject({
      kind: "SIGN_IN",
      details: { device: "Chrome on macOS", newDevice: "yes" },
    });

    const notMe = () =>
      t.app.inject({
        method: "POST",
        url: "/v2/security/not-me",
        headers: { "x-merchant-id": DEMO_MERCHANT_ID },
        payload: { token: linkToken },
      });
    // Another merchant's host does not know the link.
    const elsewhere = await t.app.inject({
      method: "POST",
      url: "/v2/security/not-me",
      headers: { "x-merchant-id": NIMBUS_MERCHANT_ID },
      payload: { token: linkToken },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(await isLive(intruder)).toBe(true);

    const smsBefore = (await t.app.inject({ url: `/sandbox/sms?phone=${phone}` })).json().data.length;
    const used = await notMe();
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toEqual({ phone });
    expect([await isLive(intruder), await isLive(token)]).toEqual([false, false]);
    // The password reset started: its code went to the phone.
    const sms = (await t.app.inject({ url: `/sandbox/sms?phone=${phone}` })).json().data;
    expect(sms.length).toBe(smsBefore + 1);

    const again = await notMe();
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: "ALERT_LINK_INVALID", field: "token" });
  });

  it("places the sign-in by its address: the session, the event and the email name the country", async () => {
    const { phone, email, token } = await withConfirmedEmail();
    // 46.4.0.1 (Hetzner, Nuremberg): the shipped IP database places it in Germany (location.test.ts).
    const intruder = await signInOnNewDevice(phone, "hotel-pc", "46.4.0.1");
    const session = (await sessionsOf(token)).find((s) => s.id === sessionIdOf(intruder));
    expect(session).toMatchObject({ device: "Chrome on macOS", country: "DE" });
    expect((await sessionsOf(token)).find((s) => s.current)?.country).toBeNull();
    expect((await eventsOf(token))[0]).toMatchObject({ kind: "SIGN_IN", details: { country: "DE" } });
    expect((await emailsTo(email))[0]?.body).toContain("Chrome on macOS in Germany.");
  });

  it("places a sandbox tester's stand-in address (X-Sandbox-Client-IP) like a real one", async () => {
    const { phone, token } = await withConfirmedEmail();
    const tester = await signInOnNewDevice(phone, "test-rig", undefined, {
      "x-sandbox-client-ip": "46.4.0.1",
    });
    const session = (await sessionsOf(token)).find((s) => s.id === sessionIdOf(tester));
    expect(session).toMatchObject({ country: "DE" });
  });

  it("sends nothing to an email that is not confirmed", async () => {
    const phone = newPhone();
    const { access_token } = await d.register(phone, "secret1", "laptop");
    const email = `${phone}@example.com`;
    await t.app.inject({
      method: "PUT",
      url: "/v2/mobile/email/add",
      headers: d.bearer(access_token),
      payload: { email },
    });
    const before = (await emailsTo(email)).length;
    await signInOnNewDevice(phone, "unknown-phone");
    expect((await emailsTo(email)).length).toBe(before);
  });
});

// A money use-case's first statement is its session check, and it writes: on Citus a write holds
// the merchant's shard group in place until the transaction ends, a SELECT ... FOR UPDATE does not
// (docs/scaling.md, "A transaction's first statement writes").
describe("the session held by a use-case", () => {
  it("checks the session with a write that holds it until the use-case's transaction ends", async () => {
    const { auth } = createServices(t.config, t.database);
    const { access_token } = await d.register(newPhone());
    const { customerId } = (await get("/oauth/token", access_token)).json() as { customerId: string };
    const claims = { merchantId: DEMO_MERCHANT_ID, sessionId: sessionIdOf(access_token), customerId };
    let signOut: Promise<unknown> | undefined;
    await inTransaction(clientSourceFromPool(t.database.pool), async (tx) => {
      await auth.requireLiveSession(tx, claims);
      // The check wrote: the transaction has an id (a read alone gets none).
      const { rows } = await tx.query<{ xid: string | null }>(
        "select pg_current_xact_id_if_assigned() as xid",
      );
      expect(rows[0]?.xid).not.toBeNull();
      // A sign-out meanwhile waits for the use-case instead of ending the session halfway through it.
      signOut = t.database.pool.query(
        "update sessions set revoked_at = now(), revoked_reason = 'test' where merchant_id = $1 and id = $2",
        [claims.merchantId, claims.sessionId],
      );
      await lockWaiters(t.database.pool, 1, "the sign-out did not wait for the use-case's transaction");
    });
    await signOut;
    // Signed out now: the next use-case is refused.
    await expect(
      inTransaction(clientSourceFromPool(t.database.pool), (tx) => auth.requireLiveSession(tx, claims)),
    ).rejects.toMatchObject({ code: "INVALID_TOKEN" });
  });
});
