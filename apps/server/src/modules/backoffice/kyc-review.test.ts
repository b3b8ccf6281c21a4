import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientSourceFromPool, inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../http/app-error.ts";
import { createServices } from "../../services.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { kycDriver } from "../kyc/kyc.test-helpers.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { type OperatorSession, signInOperator } from "../operators/operators.test-helpers.ts";

let t: TestApp;
let k: ReturnType<typeof kycDriver>;
let compliance: OperatorSession;
let admin: OperatorSession;
beforeAll(async () => {
  t = await createTestApp({ KYC_REVIEW_DELAY_SECONDS: "30" });
  await t.app.ready();
  k = kycDriver(t);
  compliance = await signInOperator(t.app, t.database, "COMPLIANCE", DEMO_MERCHANT_ID);
  admin = await signInOperator(t.app, t.database, "MERCHANT_ADMIN", DEMO_MERCHANT_ID);
  const manual = await t.app.inject({
    method: "PUT",
    url: "/admin/v1/kyc/settings",
    headers: admin.headers,
    payload: { reviews: "manual" },
  });
  expect(manual.statusCode).toBe(200);
});
afterAll(() => t.close());

/** A customer whose widget application is submitted and waits for an operator. */
async function submitted(lastName = "Lovelace") {
  const c = await k.customer(lastName);
  const widget = await k.widgetToken(c.token);
  await k.uploadAll(widget);
  expect((await k.submit(widget)).statusCode).toBe(200);
  return c;
}

const get = (s: OperatorSession, url: string) => t.app.inject({ url, headers: s.headers });
const decide = (s: OperatorSession, caseId: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: `/admin/v1/kyc/cases/${caseId}/decision`,
    headers: s.headers,
    payload,
  });

describe("the KYC review queue", () => {
  it("holds a manual merchant's application for operators: no sandbox review is queued", async () => {
    const c = await submitted();
    expect(await k.reviewJob()).toBeUndefined();
    const cases = (await get(compliance, "/admin/v1/kyc/cases")).json().cases as {
      customerId: string;
      kind: string;
    }[];
    expect(cases.find((x) => x.customerId === c.customerId)).toMatchObject({
      kind: "IDENTITY",
      customerName: "Ada Lovelace",
    });
  });

  it("lists waiting cases oldest first", async () => {
    const first = await submitted();
    const second = await submitted();
    const ids = ((await get(compliance, "/admin/v1/kyc/cases")).json().cases as { customerId: string }[]).map(
      (x) => x.customerId,
    );
    expect(ids.indexOf(first.customerId)).toBeLessThan(ids.indexOf(second.customerId));
  });

  it("shows a case's documents, streams each uncached and audits the view; approval raises the level at once", async () => {
    const c = await submitted();
    const cases = (await get(compliance, "/admin/v1/kyc/cases")).json().cases as {
      id: string;
      customerId: string;
    }[];
    const caseId = cases.find((x) => x.customerId === c.customerId)?.id as string;
    const detail = (await get(compliance, `/admin/v1/kyc/cases/${caseId}`)).json();
    expect(detail.documents.map((d: { docType: string }) => d.docType).sort()).toEqual([
      "ID_CARD_BACK",
      "ID_CARD_FRONT",
      "SELFIE",
    ]);
    const doc = await get(compliance, `/admin/v1/kyc/cases/${caseId}/documents/${detail.documents[0].id}`);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers["content-type"]).toBe("image/jpeg");
    expect(doc.headers["cache-control"]).toBe("private, no-store");

    const approved = await decide(compliance, caseId, {
      decision: "APPROVE",
      reason: "VERIFIED",
      note: "all good",
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ kycLevel: "KYC_2", status: "APPROVED" });
    expect((await k.data(c.token)).json()).toMatchObject({ kycLevel: "KYC_2", status: "APPROVED" });
    // Decided once: again is a 409 in the error shape.
    const again = await decide(compliance, caseId, { decision: "REJECT", reason: "DOCUMENT_NOT_ACCEPTED" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: "CASE_ALREADY_DECIDED" });

    const trail = (await get(compliance, `/admin/v1/audit?targetId=${c.customerId}`)).json().entries as {
      action: string;
      reason: string | null;
    }[];
    expect(trail.map((e) => e.action)).toEqual(["kyc.decision.approve", "kyc.document.view"]);
    expect(trail[0]?.reason).toBe("all good");
  });

  it("asks for a named document again: the customer sees the reason and may retry", async () => {
    const c = await submitted();
    const caseId = (
      (await get(compliance, "/admin/v1/kyc/cases")).json().cases as { id: string; customerId: string }[]
    ).find((x) => x.customerId === c.customerId)?.id as string;
    const missing = await decide(compliance, caseId, { decision: "RETRY", reason: "SELFIE_MISMATCH" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: "document" });
    const wrongReason = await decide(compliance, caseId, {
      decision: "RETRY",
      reason: "VERIFIED",
      document: "SELFIE",
    });
    expect(wrongReason.json()).toMatchObject({ error: "REASON_NOT_FOR_OUTCOME", field: "reason" });
    const retry = await decide(compliance, caseId, {
      decision: "RETRY",
      reason: "SELFIE_MISMATCH",
      document: "SELFIE",
    });
    expect(retry.statusCode).toBe(200);
    expect((await k.data(c.token)).json()).toMatchObject({
      kycLevel: "KYC_0",
      status: "ACTION_NEEDED",
      kyc1ClientData: {
        retryAllowed: true,
        reason: "SELFIE_MISMATCH",
        rejectFormattedMessage: expect.stringContaining("selfie"),
      },
    });
  });

  it("brings a KYC_2 customer's limit-increase request into the same queue", async () => {
    const c = await submitted();
    const caseId = (
      (await get(compliance, "/admin/v1/kyc/cases")).json().cases as { id: string; customerId: string }[]
    ).find((x) => x.customerId === c.customerId)?.id as string;
    await decide(compliance, caseId, { decision: "APPROVE", reason: "VERIFIED" });
    const asked = await t.app.inject({
      method: "POST",
      url: "/v2/customer/kyc3/start",
      headers: k.bearer(c.token),
    });
    expect(asked.statusCode).toBe(200);
    const request = (
      (await get(compliance, "/admin/v1/kyc/cases")).json().cases as {
        id: string;
        customerId: string;
        kind: string;
      }[]
    ).find((x) => x.customerId === c.customerId);
    expect(request).toMatchObject({ kind: "LIMIT_INCREASE" });
    const res = await decide(compliance, request?.id as string, {
      decision: "APPROVE",
      reason: "LIMITS_RAISED",
      limits: [
        { operationType: "TRANSFER_MOBILE", perTransaction: "6000", daily: "20000", monthly: "60000" },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((await k.data(c.token)).json()).toMatchObject({
      kycLevel: "KYC_2",
      kyc3ClientData: { status: "APPROVED" },
    });
  });

  it("never shows another merchant's case (404)", async () => {
    const nimbus = await signInOperator(t.app, t.database, "COMPLIANCE", NIMBUS_MERCHANT_ID);
    const c = await submitted();
    const caseId = (
      (await get(compliance, "/admin/v1/kyc/cases")).json().cases as { id: string; customerId: string }[]
    ).find((x) => x.customerId === c.customerId)?.id as string;
    const res = await get(nimbus, `/admin/v1/kyc/cases/${caseId}`);
    expect(res.statusCode).toBe(404);
    // Naming the other merchant in the header changes nothing for a merchant's operator.
    const viaHeader = await t.app.inject({
      url: `/admin/v1/kyc/cases/${caseId}`,
      headers: { ...nimbus.headers, "x-merchant-id": DEMO_MERCHANT_ID },
    });
    expect(viaHeader.statusCode).toBe(404);
    expect((await decide(nimbus, caseId, { decision: "APPROVE", reason: "VERIFIED" })).statusCode).toBe(404);
  });
});

describe("a limit-increase request's own limits", () => {
  /** A verified (KYC_2) customer whose limit-increase request waits; its case id. */
  async function requested() {
    const c = await submitted();
    const caseId = (
      (await get(compliance, "/admin/v1/kyc/cases")).json().cases as { id: string; customerId: string }[]
    ).find((x) => x.customerId === c.customerId)?.id as string;
    await decide(compliance, caseId, { decision: "APPROVE", reason: "VERIFIED" });
    const asked = await t.app.inject({
      method: "POST",
      url: "/v2/customer/kyc3/start",
      headers: k.bearer(c.token),
    });
    expect(asked.statusCode).toBe(200);
    const request = (
      (await get(compliance, "/admin/v1/kyc/cases")).json().cases as { id: string; customerId: string }[]
    ).find((x) => x.customerId === c.customerId);
    return { ...c, requestId: request?.id as string };
  }

  /** A send by phone of `eur`, as money features consume the customer's limit in their transaction. */
  async function send(customerId: string, eur: string) {
    const kyc = createServices(t.config, t.database).kyc;
    const limit = await kyc.prepare({
      merchantId: DEMO_MERCHANT_ID,
      customerId,
      operationType: "TRANSFER_MOBILE",
      amountInFiatMinor: BigInt(Math.round(Number(eur) * 100)),
    });
    return inTransaction(clientSourceFromPool(t.database.pool), (tx) =>
      limit.consume(tx, `send-${customerId}-${eur}`),
    ).then(
      () => "sent",
      (e: unknown) => {
        if (e instanceof AppError) return e.data;
        throw e;
      },
    );
  }

  const raised = (perTransaction: string, daily = "200.00", monthly = "300.00") => ({
    decision: "APPROVE",
    reason: "LIMITS_RAISED",
    limits: [{ operationType: "TRANSFER_MOBILE", perTransaction, daily, monthly }],
  });

  it("shows the case with the level's limits, and approving stores the customer's own: the next send is held to them", async () => {
    const c = await requested();
    const detail = (await get(compliance, `/admin/v1/kyc/cases/${c.requestId}`)).json();
    expect(detail.limits.currency).toBe("EUR");
    expect(detail.limits.operations).toContainEqual({
      operationType: "TRANSFER_MOBILE",
      perTransaction: "5000.00",
      daily: "15000.00",
      monthly: "50000.00",
    });

    // A limit below what the level allows makes the effect visible at once.
    const res = await decide(compliance, c.requestId, { ...raised("100.00"), note: "salary slip seen" });
    expect(res.statusCode).toBe(200);
    expect(await send(c.customerId, "100.01")).toMatchObject({
      reason: "PER_TRANSACTION_LIMIT",
      limit: "100.00",
    });
    expect(await send(c.customerId, "100.00")).toBe("sent");

    const limits = (await t.app.inject({ url: "/v1/kyc/limits", headers: k.bearer(c.token) })).json();
    expect(
      limits.operations.find((o: { operationType: string }) => o.operationType === "TRANSFER_MOBILE").limits,
    ).toEqual({ perTransaction: "100.00", daily: "200.00", monthly: "300.00" });

    const trail = (await get(compliance, `/admin/v1/audit?targetId=${c.customerId}`)).json().entries as {
      action: string;
      changes: { limits?: unknown };
    }[];
    expect(trail[0]).toMatchObject({
      action: "kyc.decision.approve",
      changes: { limits: raised("100.00").limits },
    });
  });

  it("a rejection leaves the level's limits", async () => {
    const c = await requested();
    const res = await decide(compliance, c.requestId, { decision: "REJECT", reason: "LIMITS_NOT_JUSTIFIED" });
    expect(res.statusCode).toBe(200);
    expect(await send(c.customerId, "4000.00")).toBe("sent");
    // Limits go with an approval of a limit increase only.
    const other = await requested();
    const refused = await decide(compliance, other.requestId, {
      decision: "REJECT",
      reason: "LIMITS_NOT_JUSTIFIED",
      limits: raised("1.00").limits,
    });
    expect(refused.json()).toMatchObject({ error: "LIMITS_NOT_FOR_DECISION", field: "limits" });
  });

  it("refuses a limit below zero, daily above monthly or no limits, naming the field; nothing is decided", async () => {
    const c = await requested();
    const below = await decide(compliance, c.requestId, raised("-1.00"));
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "limits.0.perTransaction" });
    const dailyAboveMonthly = await decide(compliance, c.requestId, raised("100.00", "400.00", "300.00"));
    expect(dailyAboveMonthly.statusCode).toBe(400);
    expect(dailyAboveMonthly.json()).toMatchObject({ field: "limits.0.daily" });
    const none = await decide(compliance, c.requestId, { decision: "APPROVE", reason: "LIMITS_RAISED" });
    expect(none.json()).toMatchObject({ error: "LIMITS_MISSING", field: "limits" });
    expect((await get(compliance, `/admin/v1/kyc/cases/${c.requestId}`)).json().status).toBe("UNDER_REVIEW");
  });

  it("never decides another merchant's request (404) nor sets its limits", async () => {
    const nimbus = await signInOperator(t.app, t.database, "COMPLIANCE", NIMBUS_MERCHANT_ID);
    const c = await requested();
    expect((await decide(nimbus, c.requestId, raised("1.00"))).statusCode).toBe(404);
    expect(await send(c.customerId, "4000.00")).toBe("sent");
  });
});
