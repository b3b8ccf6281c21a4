import path from "node:path";
import type { Config } from "../../config.ts";
import type { BlobStore } from "./blob-store.ts";
import { createFilesystemBlobStore } from "./filesystem-blob-store.ts";
import { createS3BlobStore } from "./s3-blob-store.ts";

/**
 * The blob store the configuration names: the filesystem under DATA_DIR/blobs (the embedded
 * default: one machine) or an S3-compatible bucket (BLOB_STORE=s3: any number of instances).
 */
export function createBlobStore(config: Pick<Config, "dataDir" | "blobs">): BlobStore {
  const c = config.blobs;
  if (c.kind === "filesystem") return createFilesystemBlobStore(path.join(config.dataDir, "blobs"));
  return createS3BlobStore(c);
}
