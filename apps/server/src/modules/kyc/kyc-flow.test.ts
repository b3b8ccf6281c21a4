import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { kycDriver } from "./kyc.test-helpers.ts";

let t: TestApp;
let k: ReturnType<typeof kycDriver>;
beforeAll(async () => {
  t = await createTestApp({ KYC_REVIEW_DELAY_SECONDS: "30" });
  k = kycDriver(t);
});
afterAll(() => t.close());

const customerRow = async (customerId: string) =>
  (await t.database.pool.query("select kyc_level, kyc_status from customers where id = $1", [customerId]))
    .rows[0];

describe("verification through the widget", () => {
  it("refuses to start before the profile is complete, and reports KYC_0 like the token", async () => {
    const c = await k.customer();
    const res = await k.start(c.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "PROFILE_INCOMPLETE" });
    // One level name everywhere (spec §3 knows KYC_0 and KYC_2): the token says what kyc/data says.
    expect((await t.app.inject({ url: "/oauth/token", headers: k.bearer(c.token) })).json()).toMatchObject({
      kycLevel: "KYC_0",
    });
    expect((await k.data(c.token)).json()).toMatchObject({
      kycLevel: "KYC_0",
      status: "NONE",
      kyc1ClientData: {
        status: "UNDEFINED",
        reason: null,
        rejectFormattedMessage: null,
        retryAllowed: false,
      },
    });
  });

  it("answers a short-lived widget token that reads the status but is no access token", async () => {
    const c = await k.customer("Lovelace");
    const res = await k.start(c.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ expiresIn: 600, level: "KYC_2" });
    const widget = res.json().data.token as string;
    expect((await k.data(widget)).json()).toMatchObject({ kycLevel: "KYC_0", status: "NONE" });
    const profile = await t.app.inject({ url: "/v2/customer/profile", headers: k.bearer(widget) });
    expect(profile.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "POST", url: "/v5/kyc/start", headers: k.bearer(widget) })).statusCode,
    ).toBe(401);
  });

  it("refuses a widget token issued for one merchant on another merchant's host or header", async () => {
    const c = await k.customer("Lovelace", NIMBUS_MERCHANT_ID);
    const widget = await k.widgetToken(c.token);
    const authorization = `Bearer ${widget}`;
    const on = (headers: Record<string, string>) =>
      t.app.inject({ url: "/v2/customer/kyc/data", headers: { authorization, ...headers } });
    // The widget's own way: no header, its merchant's host name. Or the merchant by header.
    expect((await on({ host: "nimbus.localhost" })).statusCode).toBe(200);
    expect((await on({ "x-merchant-id": NIMBUS_MERCHANT_ID })).statusCode).toBe(200);
    const elsewhere: Record<string, string>[] = [
      { host: "localhost" },
      { host: "nimbus.localhost", "x-merchant-id": DEMO_MERCHANT_ID },
    ];
    for (const headers of elsewhere) {
      const res = await on(headers);
      expect({ status: res.statusCode, body: res.json() }).toMatchObject({
        status: 401,
        body: { error: "INVALID_TOKEN" },
      });
    }
    // Every call the widget makes is held to it, not the status alone.
    const submit = await t.app.inject({
      method: "POST",
      url: "/v5/kyc/submit",
      headers: { authorization, host: "localhost" },
    });
    expect(submit.statusCode).toBe(401);
  });

  it("submits front, back and selfie; the sandbox approves after its delay and the level becomes KYC_2", async () => {
    const c = await k.customer("Lovelace");
    const widget = await k.widgetToken(c.token);
    await k.uploadAll(widget);
    expect((await k.data(widget)).json()).toMatchObject({ kycLevel: "KYC_0", status: "READY_TO_START" });

    const submitted = await k.submit(widget);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({
      kycLevel: "KYC_0",
      status: "IN_PROGRESS",
      kyc1ClientData: { status: "UNDER_REVIEW" },
    });
    const job = await k.reviewJob();
    expect(job?.payload).toMatchObject({ customerId: c.customerId, lastName: "Lovelace" });
    const delay = ((job?.run_at.getTime() ?? 0) - Date.now()) / 1000;
    expect(delay).toBeGreaterThan(20);
    expect(delay).toBeLessThanOrEqual(30);
    expect(await customerRow(c.customerId)).toEqual({ kyc_level: "KYC_0", kyc_status: "IN_PROGRESS" });

    const { decision, status } = await k.runReview();
    expect(status).toBe(200);
    expect(decision.outcome).toBe("APPROVED");
    const approved = { status: "APPROVED", reason: null, rejectFormattedMessage: null, retryAllowed: false };
    expect((await k.data(c.token)).json()).toEqual({
      kycLevel: "KYC_2",
      status: "APPROVED",
      kyc1ClientData: approved,
      kyc2ClientData: approved,
      kyc3ClientData: {
        status: "UNDEFINED",
        reason: null,
        rejectFormattedMessage: null,
        retryAllowed: false,
      },
    });
    // Mirrored on the customer, so the next access token and the operations catalog see it.
    expect(await customerRow(c.customerId)).toEqual({ kyc_level: "KYC_2", kyc_status: "APPROVED" });
    const again = await k.upload(widget, { docType: "SELFIE" }, Buffer.from([0xff, 0xd8, 0xff, 1]));
    expect(again.json()).toMatchObject({ error: "KYC_NOT_AVAILABLE" });
  });

  it("refuses a submission with documents missing, naming them, and a second submission", async () => {
    const c = await k.customer("Lovelace");
    const widget = await k.widgetToken(c.token);
    const none = await k.submit(widget);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      error: "DOCUMENTS_MISSING",
      data: { missing: ["IDENTITY_DOCUMENT", "SELFIE"] },
    });

    const front = await k.upload(
      widget,
      { docType: "DRIVING_LICENCE_FRONT", issuedDate: "2020-01-01", issuedCountry: "FR" },
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from(c.customerId)]),
    );
    expect(front.statusCode).toBe(200);
    const partial = await k.submit(widget);
    expect(partial.json()).toMatchObject({ data: { missing: ["DRIVING_LICENCE_BACK", "SELFIE"] } });

    await k.uploadAll(widget); // a newer ID card front now decides the document
    expect((await k.submit(widget)).statusCode).toBe(200);
    const twice = await k.submit(widget);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: "APPLICATION_NOT_OPEN" });
    const upload = await k.upload(widget, { docType: "SELFIE" }, Buffer.from([0xff, 0xd8, 0xff, 2]));
    expect(upload.json()).toMatchObject({ error: "APPLICATION_NOT_OPEN" });
  });

  it("rejects last name REJECT for good, with the reason and message the customer sees", async () => {
    const c = await k.customer("REJECT");
    const widget = await k.widgetToken(c.token);
    await k.uploadAll(widget);
    await k.submit(widget);
    await k.runReview();
    expect((await k.data(widget)).json()).toMatchObject({
      kycLevel: "KYC_0",
      status: "REJECTED",
      kyc1ClientData: {
        status: "DENIED",
        reason: "DOCUMENT_NOT_ACCEPTED",
        rejectFormattedMessage: "We could not verify your identity with the documents provided.",
        retryAllowed: false,
      },
    });
    const retry = await k.upload(widget, { docType: "SELFIE" }, Buffer.from([0xff, 0xd8, 0xff, 3]));
    expect(retry.statusCode).toBe(409);
  });

  it("lets a RETRY customer send new documents, which open a new application", async () => {
    const c = await k.customer("RETRY");
    const widget = await k.widgetToken(c.token);
    await k.uploadAll(widget);
    await k.submit(widget);
    await k.runReview();
    expect((await k.data(widget)).json()).toMatchObject({
      status: "ACTION_NEEDED",
      kyc1ClientData: { status: "DENIED", reason: "DOCUMENT_UNREADABLE", retryAllowed: true },
    });
    // Starting again is allowed (spec §4: ACTION_NEEDED opens the widget) and shows the rejection.
    expect((await k.start(c.token)).statusCode).toBe(200);
    await k.uploadAll(widget);
    expect((await k.data(widget)).json()).toMatchObject({ status: "READY_TO_START" });
    expect((await k.submit(widget)).json()).toMatchObject({ status: "IN_PROGRESS" });
    const apps = await t.database.pool.query("select status from kyc_applications where customer_id = $1", [
      c.customerId,
    ]);
    expect(apps.rows.map((r) => r.status).sort()).toEqual(["ACTION_NEEDED", "IN_PROGRESS"]);
  });
});

describe("limit increases", () => {
  const increase = (token: string, url = "/v2/customer/kyc3/start") =>
    t.app.inject({ method: "POST", url, headers: k.bearer(token) });
  const openRequests = async (customerId: string) =>
    (
      await t.database.pool.query(
        "select id, status, merchant_id from kyc_limit_requests where customer_id = $1 order by created_at",
        [customerId],
      )
    ).rows;

  it("needs KYC_2; is stored UNDER_REVIEW for operators, once while open; the level stays KYC_2", async () => {
    const fresh = await k.customer("Lovelace");
    const early = await increase(fresh.token);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: "KYC_LEVEL_REQUIRED" });
    expect(await openRequests(fresh.customerId)).toEqual([]);

    const c = await k.verifiedCustomer();
    const first = await increase(c.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ result: "OK", request: { status: "UNDER_REVIEW" } });
    expect((await k.data(c.token)).json()).toMatchObject({
      kycLevel: "KYC_2",
      status: "UNDER_REVIEW",
      kyc3ClientData: { status: "UNDER_REVIEW" },
    });
    // Asked again (either call of spec §7) while it is open: the same request, not another.
    const again = await increase(c.token, "/v4/kyc/sumsub/start");
    expect(again.json().request).toEqual(first.json().request);
    expect(await openRequests(c.customerId)).toEqual([
      { id: first.json().request.id, status: "UNDER_REVIEW", merchant_id: DEMO_MERCHANT_ID },
    ]);
    // Nothing decides it on its own: no review job, and the customer keeps what KYC_2 allows.
    expect((await k.reviewJob())?.payload.customerId).not.toBe(c.customerId);
    expect(await customerRow(c.customerId)).toEqual({ kyc_level: "KYC_2", kyc_status: "UNDER_REVIEW" });

    // An operator's decision closes it; the next request is a new one.
    await t.database.pool.query(
      "update kyc_limit_requests set status = 'REJECTED', decided_at = now() where customer_id = $1",
      [c.customerId],
    );
    expect((await k.data(c.token)).json()).toMatchObject({
      kycLevel: "KYC_2",
      status: "APPROVED",
      kyc3ClientData: { status: "DENIED" },
    });
    const next = await increase(c.token);
    expect(next.json().request.id).not.toBe(first.json().request.id);
  });

  it("is one customer's: another's request is neither seen nor reused", async () => {
    const a = await k.verifiedCustomer();
    const b = await k.verifiedCustomer();
    const ofA = (await increase(a.token)).json().request;
    expect((await k.data(b.token)).json()).toMatchObject({
      status: "APPROVED",
      kyc3ClientData: { status: "UNDEFINED" },
    });
    const ofB = (await increase(b.token)).json().request;
    expect(ofB.id).not.toBe(ofA.id);
    expect((await openRequests(b.customerId)).map((r) => r.id)).toEqual([ofB.id]);
  });

  it("takes concurrent requests of one customer as one", async () => {
    const c = await k.verifiedCustomer();
    const answers = await Promise.all(Array.from({ length: 5 }, () => increase(c.token)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.json().request.id)).size).toBe(1);
    expect(await openRequests(c.customerId)).toHaveLength(1);
  });

  it("is refused without a token; the token answers the level kyc/data says, approval included", async () => {
    expect((await t.app.inject({ method: "POST", url: "/v2/customer/kyc3/start" })).statusCode).toBe(401);
    const c = await k.verifiedCustomer();
    // The token was issued at sign-up, before the approval: introspection answers the level now.
    const res = await t.app.inject({ url: "/oauth/token", headers: k.bearer(c.token) });
    expect(res.json().kycLevel).toBe("KYC_2");
    expect((await k.data(c.token)).json().kycLevel).toBe("KYC_2");
    const signIn = await k.accounts.signIn(c.phone, "secret1", "device-1");
    const info = await t.app.inject({ url: "/oauth/token", headers: k.bearer(signIn.json().access_token) });
    expect(info.json().kycLevel).toBe("KYC_2"); // a new token carries it as well
  });
});
