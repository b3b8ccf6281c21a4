import { PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlobIntegrityError } from "./blob-store.ts";
import { sha256Hex } from "./filesystem-blob-store.ts";
import { startLocalS3, TEST_BUCKET } from "./s3.test-helpers.ts";
import { createS3BlobStore } from "./s3-blob-store.ts";

let s3: Awaited<ReturnType<typeof startLocalS3>>;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3?.close());

const storeOn = (prefix?: string) =>
  createS3BlobStore({
    bucket: TEST_BUCKET,
    endpoint: s3.endpoint,
    region: "us-east-1",
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
    prefix,
  });

describe("S3 blob store (against a local S3-compatible server)", () => {
  it("stores bytes with their checksum and reads them back, from another store on the same bucket too", async () => {
    const bytes = new TextEncoder().encode("passport scan");
    const stored = await storeOn("deploy-a").put("kyc/m1/c1/doc1", bytes);
    expect(stored).toEqual({ key: "kyc/m1/c1/doc1", sizeBytes: bytes.byteLength, sha256: sha256Hex(bytes) });
    // Another instance (its own client) reads what this one stored.
    const read = await storeOn("deploy-a").get("kyc/m1/c1/doc1", stored.sha256);
    expect(Buffer.from(read ?? [])).toEqual(Buffer.from(bytes));
    // The prefix keeps deployments apart in one bucket.
    expect(await storeOn("deploy-b").get("kyc/m1/c1/doc1", stored.sha256)).toBeUndefined();
  });

  it("answers undefined for a missing object and refuses a changed one", async () => {
    const store = storeOn();
    expect(await store.get("kyc/none", sha256Hex(new Uint8Array()))).toBeUndefined();
    const stored = await store.put("kyc/m1/c1/doc2", new Uint8Array([1, 2, 3]));
    await store.client.send(
      new PutObjectCommand({ Bucket: TEST_BUCKET, Key: "kyc/m1/c1/doc2", Body: new Uint8Array([1, 2, 4]) }),
    );
    await expect(store.get("kyc/m1/c1/doc2", stored.sha256)).rejects.toBeInstanceOf(BlobIntegrityError);
  });

  it("deletes, and refuses a key that is not ours", async () => {
    const store = storeOn();
    const stored = await store.put("kyc/m1/c1/doc3", new Uint8Array([7]));
    await store.delete("kyc/m1/c1/doc3");
    expect(await store.get("kyc/m1/c1/doc3", stored.sha256)).toBeUndefined();
    await expect(store.put("../escape", new Uint8Array([1]))).rejects.toThrow("invalid blob key");
  });

  it("fails loudly on wrong credentials instead of answering 'missing'", async () => {
    const wrong = createS3BlobStore({
      bucket: TEST_BUCKET,
      endpoint: s3.endpoint,
      region: "us-east-1",
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "not-the-secret" },
      forcePathStyle: true,
    });
    await expect(wrong.get("kyc/m1/c1/doc1", "0")).rejects.toThrow();
  });
});
