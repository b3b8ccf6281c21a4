import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlobIntegrityError } from "./blob-store.ts";
import { createFilesystemBlobStore, sha256Hex } from "./filesystem-blob-store.ts";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "blobs-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("filesystem blob store", () => {
  it("stores bytes with their checksum and reads them back", async () => {
    const store = createFilesystemBlobStore(root);
    const bytes = new TextEncoder().encode("passport scan");
    const stored = await store.put("kyc/m1/c1/doc1", bytes);
    expect(stored).toEqual({ key: "kyc/m1/c1/doc1", sizeBytes: bytes.byteLength, sha256: sha256Hex(bytes) });
    expect(Buffer.from((await store.get("kyc/m1/c1/doc1", stored.sha256)) ?? [])).toEqual(Buffer.from(bytes));
    expect((await stat(path.join(root, "kyc/m1/c1/doc1"))).mode & 0o777).toBe(0o600);
    expect(await readdir(path.join(root, "kyc/m1/c1"))).toEqual(["doc1"]); // no temporary left over
  });

  it("answers undefined for a missing blob and refuses a corrupted one", async () => {
    const store = createFilesystemBlobStore(root);
    expect(await store.get("kyc/none", sha256Hex(new Uint8Array()))).toBeUndefined();
    const stored = await store.put("kyc/m1/c1/doc2", new Uint8Array([1, 2, 3]));
    await writeFile(path.join(root, "kyc/m1/c1/doc2"), new Uint8Array([1, 2, 4]));
    await expect(store.get("kyc/m1/c1/doc2", stored.sha256)).rejects.toBeInstanceOf(BlobIntegrityError);
  });

  it("refuses keys that could leave the root", async () => {
    const store = createFilesystemBlobStore(root);
    await expect(store.put("../outside", new Uint8Array([1]))).rejects.toThrow(/invalid blob key/);
    await expect(store.get("kyc/../../etc/passwd", "x")).rejects.toThrow(/invalid blob key/);
  });
});
