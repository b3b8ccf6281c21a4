import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { BlobIntegrityError, type BlobStore } from "./blob-store.ts";

// Keys are ours (ids joined by '/'), but a key that could climb out of the root is still refused.
export const BLOB_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Blobs as files under `root` (DATA_DIR/blobs by default). A write goes to a temporary file that
 * is renamed into place, so a crash never leaves a half-written document under its real name.
 * Files are readable by the owner only: they hold identity documents.
 */
export function createFilesystemBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => {
    if (!BLOB_KEY.test(key)) throw new Error(`invalid blob key: ${key}`);
    return path.join(root, ...key.split("/"));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temporary, bytes, { mode: 0o600, flag: "wx" });
      await rename(temporary, file);
      return { key, sizeBytes: bytes.byteLength, sha256: sha256Hex(bytes) };
    },
    async get(key, expectedSha256) {
      let bytes: Buffer;
      try {
        bytes = await readFile(fileOf(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw e;
      }
      if (sha256Hex(bytes) !== expectedSha256) throw new BlobIntegrityError(key);
      return bytes;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
