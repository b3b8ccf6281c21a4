import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { startLocalS3 } from "../../providers/blobs/s3.test-helpers.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { fakeFile, kycDriver, multipartBody } from "./kyc.test-helpers.ts";

// Two instances (two apps, each with its own DATA_DIR) on one database and one S3-compatible
// bucket (BLOB_STORE=s3), as production runs them behind a load balancer.
let s3: Awaited<ReturnType<typeof startLocalS3>>;
let a: TestApp;
let b: FastifyInstance;
let bDataDir: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  a = await createTestApp(s3.env);
  bDataDir = await mkdtemp(path.join(tmpdir(), "kyc-test-b-"));
  const bConfig = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: bDataDir, ...s3.env });
  b = await buildApp(bConfig, { database: a.database, logger: false });
}, 120_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await rm(bDataDir, { recursive: true, force: true });
  await s3?.close();
});

const front = { docType: "PASSPORT_FRONT", issuedDate: "2022-05-01", issuedCountry: "DE" };

const upload = (app: FastifyInstance, token: string, query: Record<string, string>, file: Buffer) => {
  const { body, contentType } = multipartBody(file);
  return app.inject({
    method: "POST",
    url: `/v1/kyc/upload/document?${new URLSearchParams(query)}`,
    headers: { authorization: `Bearer ${token}`, "content-type": contentType },
    payload: body,
  });
};
const download = (app: FastifyInstance, token: string, documentId: string) =>
  app.inject({ url: `/v1/kyc/documents/${documentId}`, headers: { authorization: `Bearer ${token}` } });

describe("identity documents in an S3-compatible bucket (BLOB_STORE=s3)", () => {
  it("are uploaded and downloaded through the S3 adapter, and each instance serves the other's uploads", {
    timeout: 120_000,
  }, async () => {
    const k = kycDriver(a);
    const c = await k.customer("Lovelace");
    const widget = await k.widgetToken(c.token);

    const onA = fakeFile("png", 5000);
    const storedOnA = await upload(a.app, widget, front, onA);
    expect(storedOnA.statusCode).toBe(200);
    const onB = fakeFile("jpeg", 3000);
    const storedOnB = await upload(b, widget, { docType: "SELFIE" }, onB);
    expect(storedOnB.statusCode).toBe(200);

    for (const [file, documentId] of [
      [onA, storedOnA.json().documentId],
      [onB, storedOnB.json().documentId],
    ] as const) {
      for (const app of [a.app, b]) {
        const res = await download(app, widget, documentId);
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(file)).toBe(true);
      }
    }
    expect(storedOnA.json().documentId).not.toBe(storedOnB.json().documentId);
    // Nothing went to either instance's disk: the bucket holds the files.
    expect(existsSync(path.join(a.config.dataDir, "blobs"))).toBe(false);
    expect(existsSync(path.join(bDataDir, "blobs"))).toBe(false);

    // Another customer's document stays 404 on both instances.
    const other = await k.customer("Byron");
    for (const app of [a.app, b]) {
      expect((await download(app, other.token, storedOnA.json().documentId)).statusCode).toBe(404);
    }
  });

  it("submits for review what was uploaded through both instances", { timeout: 120_000 }, async () => {
    const k = kycDriver(a);
    const c = await k.customer("Lovelace");
    const widget = await k.widgetToken(c.token);
    const query = { issuedDate: "2021-03-04", issuedCountry: "DE" };
    expect(
      (await upload(a.app, widget, { docType: "ID_CARD_FRONT", ...query }, fakeFile("jpeg"))).statusCode,
    ).toBe(200);
    expect(
      (await upload(b, widget, { docType: "ID_CARD_BACK", ...query }, fakeFile("jpeg"))).statusCode,
    ).toBe(200);
    expect((await upload(a.app, widget, { docType: "SELFIE" }, fakeFile("jpeg"))).statusCode).toBe(200);
    const submitted = await b.inject({
      method: "POST",
      url: "/v5/kyc/submit",
      headers: { authorization: `Bearer ${widget}` },
    });
    expect(submitted.statusCode).toBe(200);
  });
});
