import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_SIGNATURE_HEADER, signReviewCallback } from "../../providers/kyc/review-callback.ts";
import {
  decideApplicant,
  httpCallbackDelivery,
  reviewApplicant,
} from "../../providers/kyc/sandbox-kyc-reviewer.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { DEMO_MERCHANT_ID } from "../merchants/index.ts";
import { kycDriver } from "./kyc.test-helpers.ts";

let t: TestApp;
let k: ReturnType<typeof kycDriver>;
beforeAll(async () => {
  t = await createTestApp();
  k = kycDriver(t);
});
afterAll(() => t.close());

/** A customer whose widget application is submitted and waits for its decision. */
async function submitted(lastName = "Lovelace") {
  const c = await k.customer(lastName);
  const widget = await k.widgetToken(c.token);
  await k.uploadAll(widget);
  await k.submit(widget);
  const job = await k.reviewJob();
  return { ...c, applicationId: job?.payload.applicationId as string };
}

const decision = (applicationId: string, outcome: string, decidedAt: string, extra = {}) => ({
  decisionId: `test_${randomUUID()}`,
  applicationId,
  merchantId: DEMO_MERCHANT_ID,
  outcome,
  reasons: outcome === "APPROVED" ? [] : ["DOCUMENT_EXPIRED"],
  message: outcome === "APPROVED" ? null : "Your document has expired.",
  decidedAt,
  ...extra,
});

describe("review callback", () => {
  it("refuses a missing, wrong or stale-keyed signature, and a body changed after signing", async () => {
    const c = await submitted();
    const body = JSON.stringify(decision(c.applicationId, "APPROVED", new Date().toISOString()));
    const post = (headers: Record<string, string>, payload = body) =>
      t.app.inject({
        method: "POST",
        url: "/v1/kyc/review-callback",
        headers: { "content-type": "application/json", ...headers },
        payload,
      });
    for (const headers of [
      {} as Record<string, string>,
      { [REVIEW_SIGNATURE_HEADER]: "sha256=00" },
      { [REVIEW_SIGNATURE_HEADER]: signReviewCallback("another-secret-of-enough-length-0123456789", body) },
      {
        [REVIEW_SIGNATURE_HEADER]: signReviewCallback(t.config.secrets.callback, body).replace("sha256=", ""),
      },
    ]) {
      const res = await post(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: "INVALID_SIGNATURE" });
    }
    const tampered = body.replace("APPROVED", "REJECTED");
    expect(
      (
        await post(
          { [REVIEW_SIGNATURE_HEADER]: signReviewCallback(t.config.secrets.callback, body) },
          tampered,
        )
      ).statusCode,
    ).toBe(401);
    expect((await k.data(c.token)).json()).toMatchObject({ kycLevel: "KYC_0", status: "IN_PROGRESS" });
  });

  it("ignores a repeated decision and a stale one; a later decision overrides an earlier one", async () => {
    const c = await submitted();
    const approved = decision(c.applicationId, "APPROVED", "2030-01-01T10:00:00.000Z");
    expect((await k.sendDecision(approved)).body).toEqual({ result: "OK", effect: "applied" });
    expect((await k.sendDecision(approved)).body).toEqual({ result: "OK", effect: "duplicate" });
    expect((await k.data(c.token)).json()).toMatchObject({ kycLevel: "KYC_2", status: "APPROVED" });

    const older = decision(c.applicationId, "REJECTED", "2030-01-01T09:59:59.000Z");
    expect((await k.sendDecision(older)).body).toEqual({ result: "OK", effect: "stale" });
    expect((await k.data(c.token)).json()).toMatchObject({ kycLevel: "KYC_2", status: "APPROVED" });

    const later = decision(c.applicationId, "REJECTED", "2030-01-01T11:00:00.000Z");
    expect((await k.sendDecision(later)).body).toEqual({ result: "OK", effect: "applied" });
    expect((await k.data(c.token)).json()).toMatchObject({
      kycLevel: "KYC_0",
      status: "REJECTED",
      kyc1ClientData: {
        status: "DENIED",
        reason: "DOCUMENT_EXPIRED",
        rejectFormattedMessage: "Your document has expired.",
      },
    });
    const row = await t.database.pool.query("select kyc_level, kyc_status from customers where id = $1", [
      c.customerId,
    ]);
    expect(row.rows[0]).toEqual({ kyc_level: "KYC_0", kyc_status: "REJECTED" });

    const recorded = await t.database.pool.query(
      "select effect from kyc_decisions where application_id = $1 order by received_at",
      [c.applicationId],
    );
    expect(recorded.rows.map((r) => r.effect)).toEqual(["applied", "stale", "applied"]);
  });

  it("refuses a decision for an unknown application, one not submitted, and a malformed one naming the field", async () => {
    const unknown = await k.sendDecision(decision(randomUUID(), "APPROVED", new Date().toISOString()));
    expect(unknown.status).toBe(404);

    const c = await k.customer("Lovelace");
    const widget = await k.widgetToken(c.token);
    await k.upload(
      widget,
      { docType: "SELFIE" },
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from(c.phone)]),
    );
    const draft = await t.database.pool.query("select id from kyc_applications where customer_id = $1", [
      c.customerId,
    ]);
    const notSubmitted = await k.sendDecision(
      decision(draft.rows[0].id, "APPROVED", new Date().toISOString()),
    );
    expect(notSubmitted.status).toBe(409);

    const bad = await k.sendDecision(decision(draft.rows[0].id, "MAYBE", new Date().toISOString()));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "outcome" });
  });
});

describe("sandbox reviewer", () => {
  it("decides by the test inputs: REJECT final, RETRY retryable, anyone else approved", () => {
    const applicant = {
      merchantId: DEMO_MERCHANT_ID,
      applicationId: randomUUID(),
      customerId: randomUUID(),
      firstName: "Ada",
    };
    expect(decideApplicant({ ...applicant, lastName: "Lovelace" })).toMatchObject({
      outcome: "APPROVED",
      reasons: [],
    });
    expect(decideApplicant({ ...applicant, lastName: " reject " })).toMatchObject({
      outcome: "REJECTED",
      reasons: ["DOCUMENT_NOT_ACCEPTED"],
    });
    expect(decideApplicant({ ...applicant, lastName: "Retry" })).toMatchObject({ outcome: "RETRY" });
  });

  it("signs what it sends, and throws on a server error so that the worker retries", async () => {
    const c = await submitted();
    const job = await k.reviewJob(c.applicationId);
    if (!job) throw new Error("no job");
    await expect(
      reviewApplicant(job.payload, {
        secret: t.config.secrets.callback,
        deliver: async () => ({ status: 503 }),
      }),
    ).rejects.toThrow(/will retry/);
    const refused = await reviewApplicant(job.payload, {
      secret: "wrong-secret-of-enough-length-0123456789",
      deliver: k.deliver,
    });
    expect(refused.status).toBe(401);
    const delivered = await reviewApplicant(job.payload, {
      secret: t.config.secrets.callback,
      deliver: k.deliver,
    });
    expect(delivered.status).toBe(200);
    expect((await k.data(c.token)).json()).toMatchObject({ kycLevel: "KYC_2" });
  });

  it("delivers over HTTP to the server's callback", async () => {
    const c = await submitted("RETRY");
    const job = await k.reviewJob(c.applicationId);
    if (!job) throw new Error("no job");
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as { port: number };
    const { status, decision: sent } = await reviewApplicant(job.payload, {
      secret: t.config.secrets.callback,
      deliver: httpCallbackDelivery(`http://127.0.0.1:${port}/v1/kyc/review-callback`),
    });
    expect([status, sent.outcome]).toEqual([200, "RETRY"]);
    expect((await k.data(c.token)).json()).toMatchObject({ status: "ACTION_NEEDED" });
  });
});

describe("sandbox console control", () => {
  const decide = (phone: string, outcome: string) =>
    t.app.inject({
      method: "POST",
      url: "/sandbox/kyc/decide",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ phone, outcome }).toString(),
    });

  it("decides a phone's submitted verification now, through the signed-callback path", async () => {
    const c = await submitted();
    const res = await decide(`+${c.phone}`, "REJECTED");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/sandbox/kyc?phone=${c.phone}&result=applied`);
    expect((await k.data(c.token)).json()).toMatchObject({
      status: "REJECTED",
      kyc1ClientData: { status: "DENIED" },
    });
    expect((await decide(c.phone, "APPROVED")).headers.location).toContain("result=applied");
    expect((await k.data(c.token)).json()).toMatchObject({ kycLevel: "KYC_2", status: "APPROVED" });

    const page = await t.app.inject({ url: `/sandbox/kyc?phone=${c.phone}&result=applied` });
    expect(page.body).toContain("Decision applied");
    expect(page.body).not.toContain("<script");
  });

  it("says when there is nobody or nothing to decide", async () => {
    expect((await decide("491510000000", "APPROVED")).headers.location).toContain("result=no+customer");
    const c = await k.customer("Lovelace");
    expect((await decide(c.phone, "APPROVED")).headers.location).toContain("result=nothing+submitted");
    expect((await decide(c.phone, "MAYBE")).statusCode).toBe(400);
  });
});
