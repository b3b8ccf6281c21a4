import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../../services.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { newPhone } from "../auth/auth.test-helpers.ts";
import { cryptoDriver } from "../crypto/crypto.test-helpers.ts";
import { kycDriver } from "../kyc/kyc.test-helpers.ts";
import { DEMO_MERCHANT_ID } from "../merchants/index.ts";

type Customer = { phone: string; token: string; customerId: string };
let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
let kyc: ReturnType<typeof kycDriver>;
let alice: Customer;

const DAY = 86_400_000;
/** The claims service on a clock `days` ahead (the worker's jobs judge expiry on it). */
const claimsAt = (days = 0) =>
  createServices(t.config, t.database, { clock: () => new Date(Date.now() + days * DAY) }).claims;

const balance = async (token: string) => (await d.wallet(token, "BTC")).balance;
const invite = (phone: string, amount = "0.001", key?: string) =>
  d.send(alice.token, { phone, amount, currency: "BTC", invite: true }, key);
const historyItem = async (token: string, operationId: string) =>
  (await d.history(token))
    .json()
    .operations.find((o: { operationId: string }) => o.operationId === operationId);
const cancel = (token: string, id: string) =>
  t.app.inject({ method: "POST", url: `/v2/claimable-transfers/${id}/cancel`, headers: d.bearer(token) });
const texts = async (phone: string): Promise<string[]> =>
  (await t.app.inject({ url: `/sandbox/sms?phone=${phone}` }))
    .json()
    .data.map((m: { body: string }) => m.body);
const claimRow = async (id: string) =>
  (await t.database.pool.query("select * from claimable_transfers where id = $1", [id])).rows[0];
/** A customer who signed up with this phone and may receive (KYC_2). */
const joins = async (phone: string) => kyc.verify(await kyc.customer("Lovelace", undefined, phone));

beforeAll(async () => {
  t = await createTestApp();
  d = cryptoDriver(t);
  kyc = kycDriver(t);
  alice = await d.verified();
  expect((await d.faucet(alice.phone, "BTC", "0.05")).statusCode).toBe(200);
});
afterAll(() => t.close());

describe("sending to a phone that is nobody's yet", () => {
  it("holds the money, texts an invite, and the new customer claims it once they reach the catalog's level", async () => {
    const phone = newPhone();
    const fee = await t.app.inject({
      url: `/v1/wallet/send/fee/BTC?amount=0.001&phone=${phone}`,
      headers: d.bearer(alice.token),
    });
    expect(fee.json()).toMatchObject({ fee: "0.00000000", transactionType: "INTERNAL", invite: true });
    // Without its consent no send holds money for a stranger: as before, nobody's phone is 404.
    const refused = await d.send(alice.token, { phone, amount: "0.001", currency: "BTC" });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: "RECIPIENT_NOT_FOUND", field: "phone" });

    const sent = await invite(phone);
    expect(sent.statusCode).toBe(200);
    const body = sent.json();
    expect(body).toMatchObject({ status: "PENDING", fee: "0.00000000", claim: { status: "HELD" } });
    const days = (Date.parse(body.claim.expiresAt) - Date.parse(body.createdAt)) / DAY;
    expect(days).toBe(7);
    expect(await balance(alice.token)).toBe("0.04900000");
    expect(await historyItem(alice.token, body.txId)).toMatchObject({
      status: "PENDING",
      direction: "OUT",
      sendToPhoneModel: { claim: { id: body.txId, status: "HELD" } },
    });
    await d.expectInvariants();

    // The invite is a job of the send's transaction; run it as the worker would.
    await claimsAt().text(DEMO_MERCHANT_ID, body.txId, "INVITE");
    const [inviteText] = await texts(phone);
    expect(inviteText).toMatch(
      /sent you 0\.00100000 BTC with .+ Sign up with this phone number by .+\/sign-up$/,
    );

    // Signed up at KYC_0: the catalog wants KYC_2 to send by phone, so nothing moves yet.
    const bob = await kyc.customer("Lovelace", undefined, phone);
    expect(await claimsAt().deliverTo(DEMO_MERCHANT_ID, bob.customerId)).toBe(0);
    expect((await claimRow(body.txId)).status).toBe("HELD");
    // Verified: the level's change queued the delivery (a job), which claims it.
    await kyc.verify(bob);
    const queued = await t.database.pool.query(
      "select count(*)::int as n from graphile_worker.jobs where key = $1",
      [`claims_deliver:${DEMO_MERCHANT_ID}:${bob.customerId}`],
    );
    expect(queued.rows[0].n).toBe(1);
    expect(await claimsAt().deliverTo(DEMO_MERCHANT_ID, bob.customerId)).toBe(1);
    expect(await claimsAt().deliverTo(DEMO_MERCHANT_ID, bob.customerId)).toBe(0);

    expect(await balance(bob.token)).toBe("0.00100000");
    expect(await balance(alice.token)).toBe("0.04900000");
    const row = await claimRow(body.txId);
    expect(row).toMatchObject({ status: "CLAIMED", recipient_id: bob.customerId });
    expect(await historyItem(alice.token, body.txId)).toMatchObject({
      status: "COMPLETED",
      sendToPhoneModel: { claim: { status: "CLAIMED" } },
    });
    expect(await historyItem(bob.token, row.release_operation_id)).toMatchObject({
      status: "COMPLETED",
      direction: "IN",
      amount: "0.00100000",
    });
    await claimsAt().text(DEMO_MERCHANT_ID, body.txId, "CLAIMED");
    expect((await texts(alice.phone))[0]).toMatch(/joined and received the 0\.00100000 BTC you sent/);
    // The receiver is told too: the claim queued a text to the phone the money was sent to.
    const received = await t.database.pool.query(
      "select count(*)::int as n from graphile_worker.jobs where key = $1",
      [`claims_text:${body.txId}:RECEIVED`],
    );
    expect(received.rows[0].n).toBe(1);
    await claimsAt().text(DEMO_MERCHANT_ID, body.txId, "RECEIVED");
    expect((await texts(phone))[0]).toMatch(
      /^You received 0\.00100000 BTC from .+ with .+\. It is in your wallet\.$/,
    );
    await d.expectInvariants();
  });

  it("moves the money once when it is claimed many times at once", async () => {
    const phone = newPhone();
    const { txId } = (await invite(phone, "0.002")).json();
    const bob = await joins(phone);
    const claims = claimsAt();
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => claims.claim(DEMO_MERCHANT_ID, txId, { id: bob.customerId, phone })),
    );
    expect(outcomes.every((o) => o === "CLAIMED")).toBe(true);
    expect(await balance(bob.token)).toBe("0.00200000");
    const released = await t.database.pool.query(
      "select count(*)::int as n from ledger_operations where idempotency_key = $1",
      [`claim:${txId}`],
    );
    expect(released.rows[0].n).toBe(1);
    await d.expectInvariants();
  });

  it("returns it to the sender once after 7 days unclaimed, on a moved clock, and never to a late claim", async () => {
    const phone = newPhone();
    const before = await balance(alice.token);
    const { txId } = (await invite(phone, "0.003")).json();
    expect(await claimsAt(6).returnIfDue(DEMO_MERCHANT_ID, txId)).toBe("HELD");
    const later = claimsAt(7.01);
    const [first, again] = await Promise.all([
      later.returnIfDue(DEMO_MERCHANT_ID, txId),
      later.returnIfDue(DEMO_MERCHANT_ID, txId),
    ]);
    expect([first, again]).toEqual(["RETURNED", "RETURNED"]);
    await later.sweep();
    const released = await t.database.pool.query(
      "select count(*)::int as n from ledger_operations where idempotency_key = $1",
      [`claim:${txId}`],
    );
    expect(released.rows[0].n).toBe(1);
    expect(await balance(alice.token)).toBe(before);
    expect(await historyItem(alice.token, txId)).toMatchObject({
      status: "FAILED",
      sendToPhoneModel: { claim: { status: "RETURNED" } },
    });
    // Joining after the return claims nothing.
    const late = await joins(phone);
    expect(await later.deliverTo(DEMO_MERCHANT_ID, late.customerId)).toBe(0);
    expect(await balance(late.token)).toBe("0.00000000");
    await later.text(DEMO_MERCHANT_ID, txId, "RETURNED");
    expect((await texts(alice.phone))[0]).toMatch(
      /did not join within 7 days: the 0\.00300000 BTC you sent is back/,
    );
    await d.expectInvariants();
  });

  it("the sweep returns what a lost job left; the sandbox moves one claim's clock", async () => {
    const swept = (await invite(newPhone(), "0.001")).json().txId;
    const advanced = (await invite(newPhone(), "0.001")).json().txId;
    const res = await t.app.inject({
      method: "POST",
      url: `/sandbox/claimable-transfers/${advanced}/advance`,
      payload: { days: 7 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: advanced, status: "RETURNED" });
    expect((await claimRow(swept)).status).toBe("HELD");
    expect((await claimsAt(8).sweep()).returned).toBeGreaterThanOrEqual(1);
    expect((await claimRow(swept)).status).toBe("RETURNED");
    await d.expectInvariants();
  });

  it("the sandbox console links the clock's control, whose form returns a due send and names bad input", async () => {
    const home = await t.app.inject({ url: "/sandbox" });
    expect(home.body).toContain('href="/sandbox/claimable-transfers"');
    const page = await t.app.inject({ url: "/sandbox/claimable-transfers" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('action="/sandbox/claimable-transfers/advance/form"');
    const form = (payload: string) =>
      t.app.inject({
        method: "POST",
        url: "/sandbox/claimable-transfers/advance/form",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload,
      });
    const { txId } = (await invite(newPhone(), "0.001")).json();
    const early = await form(`id=${txId}&days=1`);
    expect(early.statusCode).toBe(303);
    expect(decodeURIComponent((early.headers.location as string).replaceAll("+", " "))).toContain(
      "still waiting",
    );
    expect((await claimRow(txId)).status).toBe("HELD");
    const due = await form(`id=${txId}&days=6`);
    expect(decodeURIComponent((due.headers.location as string).replaceAll("+", " "))).toContain(
      "went back to the sender",
    );
    expect((await claimRow(txId)).status).toBe("RETURNED");
    const badDays = await form(`id=${txId}&days=0`);
    expect(decodeURIComponent((badDays.headers.location as string).replaceAll("+", " "))).toContain("Days");
    const unknown = await form("id=0193a9e0-0000-7000-8000-0000000000ff&days=7");
    expect(decodeURIComponent((unknown.headers.location as string).replaceAll("+", " "))).toContain(
      "No send waiting",
    );
    await d.expectInvariants();
  });

  it("lets the sender cancel while held, once; a claimed or returned one is 409; another's is 404; each names id", async () => {
    const before = await balance(alice.token);
    const { txId } = (await invite(newPhone(), "0.004")).json();
    const stranger = await d.unverified();
    const notTheirs = await cancel(stranger.token, txId);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toMatchObject({ error: "CLAIM_NOT_FOUND", field: "id" });
    const [one, two] = await Promise.all([cancel(alice.token, txId), cancel(alice.token, txId)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json()).toMatchObject({ id: txId, status: "CANCELLED", amount: "0.00400000" });
    expect(await balance(alice.token)).toBe(before);
    expect(await historyItem(alice.token, txId)).toMatchObject({
      status: "FAILED",
      sendToPhoneModel: { claim: { status: "CANCELLED" } },
    });

    const phone = newPhone();
    const claimed = (await invite(phone)).json().txId;
    const bob = await joins(phone);
    await claimsAt().deliverTo(DEMO_MERCHANT_ID, bob.customerId);
    const late = await cancel(alice.token, claimed);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: "CLAIM_ALREADY_CLAIMED", field: "id" });
    expect(await balance(bob.token)).toBe("0.00100000");

    const returned = (await invite(newPhone())).json().txId;
    await claimsAt(8).returnIfDue(DEMO_MERCHANT_ID, returned);
    const afterReturn = await balance(alice.token);
    const again = await cancel(alice.token, returned);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: "CLAIM_ALREADY_RETURNED", field: "id" });
    expect(await balance(alice.token)).toBe(afterReturn);
    expect((await claimRow(returned)).status).toBe("RETURNED");
    await d.expectInvariants();
  });

  it("shows the sender the number they sent to in full, and the receiver the sender's masked", async () => {
    const phone = newPhone();
    const inFull = (text: string | undefined) => {
      expect(text).toMatch(/^\+[\d ]+$/);
      expect(text?.replace(/\D/g, "")).toBe(phone);
    };
    const cancelled = (await invite(phone)).json();
    inFull(cancelled.recipient);
    const held = await historyItem(alice.token, cancelled.txId);
    inFull(held.counterparty);
    inFull(held.sendToPhoneModel.toPhone);
    inFull((await cancel(alice.token, cancelled.txId)).json().phone);

    const claimed = (await invite(phone)).json().txId;
    const bob = await joins(phone);
    await claimsAt().deliverTo(DEMO_MERCHANT_ID, bob.customerId);
    inFull((await historyItem(alice.token, claimed)).counterparty);
    const { release_operation_id: releaseId } = await claimRow(claimed);
    const received = await historyItem(bob.token, releaseId);
    expect(received.counterparty).toMatch(/^\+\d{3}•+\d{2}$/);
    expect(JSON.stringify(received)).not.toContain(alice.phone);
    inFull(received.sendToPhoneModel.toPhone);
  });

  it("refuses an invalid phone and oneself, naming phone, and moves nothing", async () => {
    const before = await balance(alice.token);
    const bad = await d.send(alice.token, { phone: "12345", amount: "0.001", currency: "BTC", invite: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: "phone" });
    const self = await invite(alice.phone);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ error: "CANNOT_SEND_TO_SELF", field: "phone" });
    const badId = await cancel(alice.token, "not-an-id");
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ field: "id" });
    expect(await balance(alice.token)).toBe(before);
    const held = await t.database.pool.query(
      "select count(*)::int as n from claimable_transfers where phone in ('12345', $1)",
      [alice.phone],
    );
    expect(held.rows[0].n).toBe(0);
  });

  it("answers a retried send with its stored answer and holds the money once", async () => {
    const phone = newPhone();
    const first = await invite(phone, "0.001", "invite-once");
    const again = await invite(phone, "0.001", "invite-once");
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    const rows = await t.database.pool.query(
      "select count(*)::int as n from claimable_transfers where phone = $1",
      [phone],
    );
    expect(rows.rows[0].n).toBe(1);
  });
});
