import { randomBytes } from "node:crypto";
import type { KycApplicant } from "../../providers/kyc/kyc-review-provider.ts";
import { REVIEW_SIGNATURE_HEADER, signReviewCallback } from "../../providers/kyc/review-callback.ts";
import { type DeliverCallback, reviewApplicant } from "../../providers/kyc/sandbox-kyc-reviewer.ts";
import type { TestApp } from "../../test-app.ts";
import { accountsDriver, bearerHeaders, newPhone } from "../auth/auth.test-helpers.ts";

/** A file that passes as a JPEG, PNG or PDF by its first bytes; random, so never another's. */
export function fakeFile(kind: "jpeg" | "png" | "pdf" | "gif", size = 2048): Buffer {
  const magic = {
    jpeg: [0xff, 0xd8, 0xff, 0xe0],
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    pdf: [...Buffer.from("%PDF-1.7\n")],
    gif: [...Buffer.from("GIF89a")],
  }[kind];
  return Buffer.concat([Buffer.from(magic), randomBytes(Math.max(0, size - magic.length))]);
}

/** A multipart/form-data body with one file field. */
export function multipartBody(file: Buffer, field = "image", filename = "photo.jpg") {
  const boundary = `----kyc${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const body = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const PROFILE = {
  firstName: "Ada",
  residenceCountry: "DE",
  residenceStreet: "Hauptstraße 1",
  residenceCity: "Berlin",
  dateOfBirth: "1990-12-10",
};

/** Drives the KYC calls over HTTP the way the web app and the widget do. */
export function kycDriver(t: TestApp) {
  const accounts = accountsDriver(t.app, t.database);
  const bearer = bearerHeaders;

  const driver = {
    accounts,
    bearer,
    /** A signed-in customer; with `lastName` the profile is complete (KYC_0). */
    async customer(lastName?: string, merchantId?: string, phone = newPhone()) {
      const d = merchantId ? accountsDriver(t.app, t.database, merchantId) : accounts;
      const { access_token: token } = await d.register(phone);
      if (lastName) {
        const res = await t.app.inject({
          method: "PATCH",
          url: "/v2/customer/profile",
          headers: bearer(token),
          payload: { ...PROFILE, lastName },
        });
        if (res.statusCode !== 200) throw new Error(`profile: ${res.body}`);
      }
      const customerId = (await t.app.inject({ url: "/v2/customer/profile", headers: bearer(token) })).json()
        .customerId as string;
      return { phone, token, customerId };
    },
    start: (token: string) => t.app.inject({ method: "POST", url: "/v5/kyc/start", headers: bearer(token) }),
    async widgetToken(token: string): Promise<string> {
      const res = await driver.start(token);
      if (res.statusCode !== 200) throw new Error(`start: ${res.body}`);
      return res.json().data.token;
    },
    data: (token: string) => t.app.inject({ url: "/v2/customer/kyc/data", headers: bearer(token) }),
    upload(token: string, query: Record<string, string>, file: Buffer, field = "image") {
      const { body, contentType } = multipartBody(file, field);
      return t.app.inject({
        method: "POST",
        url: `/v1/kyc/upload/document?${new URLSearchParams(query)}`,
        headers: { ...bearer(token), "content-type": contentType },
        payload: body,
      });
    },
    /** Front and back of an ID card and a selfie: a complete widget application. */
    async uploadAll(token: string) {
      for (const docType of ["ID_CARD_FRONT", "ID_CARD_BACK", "SELFIE"]) {
        const query: Record<string, string> =
          docType === "SELFIE" ? { docType } : { docType, issuedDate: "2021-03-04", issuedCountry: "DE" };
        const res = await driver.upload(token, query, fakeFile("jpeg"));
        if (res.statusCode !== 200) throw new Error(`upload ${docType}: ${res.body}`);
      }
    },
    submit: (token: string) =>
      t.app.inject({ method: "POST", url: "/v5/kyc/submit", headers: bearer(token) }),
    /** The sandbox reviewer's pending job for an application (or a customer's): payload, run_at. */
    async reviewJob(applicationId?: string, customerId?: string) {
      const jobs = await t.database.pool.query<{ payload: KycApplicant; run_at: Date }>(
        // The jobs view leaves the payload out; the table behind it has it.
        `select j.payload, j.run_at from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id
         where t.identifier = 'kyc_sandbox_review'
           and ($1::text is null or j.key = 'kyc_review:' || $1)
           and ($2::text is null or j.payload->>'customerId' = $2)
         order by j.id desc limit 1`,
        [applicationId ?? null, customerId ?? null],
      );
      return jobs.rows[0];
    },
    /**
     * Runs the sandbox reviewer on the newest queued applicant (of `customerId` if given: two
     * customers verified at once must each get their own review), delivering through the app.
     */
    async runReview(customerId?: string) {
      const job = await driver.reviewJob(undefined, customerId);
      if (!job) throw new Error("no review queued");
      await t.database.pool.query("delete from graphile_worker._private_jobs where key = $1", [
        `kyc_review:${job.payload.applicationId}`,
      ]);
      return reviewApplicant(job.payload, { secret: t.config.secrets.callback, deliver: driver.deliver });
    },
    deliver: (async (rawBody, signature) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/v1/kyc/review-callback",
        headers: { "content-type": "application/json", [REVIEW_SIGNATURE_HEADER]: signature },
        payload: rawBody,
      });
      return { status: res.statusCode, body: res.json() };
    }) satisfies DeliverCallback,
    /** A decision as the reviewer would send it, signed with the callback secret. */
    sendDecision(decision: Record<string, unknown>, secret = t.config.secrets.callback) {
      const raw = JSON.stringify(decision);
      return driver.deliver(raw, signReviewCallback(secret, raw));
    },
    /** A customer verified to KYC_2 through the widget flow and the sandbox review. */
    async verifiedCustomer(merchantId?: string) {
      return driver.verify(await driver.customer("Lovelace", merchantId));
    },
    /** A signed-in customer with a complete profile taken to KYC_2 (widget flow, sandbox review). */
    async verify<C extends { token: string; customerId?: string }>(c: C): Promise<C> {
      const widget = await driver.widgetToken(c.token);
      await driver.uploadAll(widget);
      const submitted = await driver.submit(widget);
      if (submitted.statusCode !== 200) throw new Error(`submit: ${submitted.body}`);
      await driver.runReview(c.customerId);
      return c;
    },
  };
  return driver;
}
