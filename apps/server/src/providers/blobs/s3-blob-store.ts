import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { BlobIntegrityError, type BlobStore } from "./blob-store.ts";
import { BLOB_KEY, sha256Hex } from "./filesystem-blob-store.ts";

export type S3BlobStoreOptions = {
  bucket: string;
  /** Unset: AWS's endpoint for the region; set for another S3-compatible service. */
  endpoint?: string | undefined;
  region: string;
  /** Unset: the SDK's default credential chain (instance role, environment, profile). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** bucket in the path (http://host/bucket/key), as most S3-compatible servers want it. */
  forcePathStyle?: boolean;
  /** Prepended to every key: several deployments may share one bucket. */
  prefix?: string | undefined;
};

/**
 * Blobs as objects of an S3-compatible bucket: every server instance reads what any
 * other stored. A put is one PutObject (S3 makes an object visible whole or not at all, so no
 * temporary name is needed); the SHA-256 is kept as the object's metadata and, as with the
 * filesystem store, checked by `get` against the one the database recorded, so a changed object
 * is never served as the document. The SDK's own extra checksums are asked for only where S3
 * requires them: several S3-compatible servers do not know the newer checksum headers, and the
 * SHA-256 check covers the whole way from upload to download.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const objectKey = (key: string) => {
    if (!BLOB_KEY.test(key)) throw new Error(`invalid blob key: ${key}`);
    return options.prefix ? `${options.prefix}/${key}` : key;
  };
  const Bucket = options.bucket;
  return {
    client,
    async put(key, bytes) {
      const sha256 = sha256Hex(bytes);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: "application/octet-stream",
          Metadata: { sha256 },
        }),
      );
      return { key, sizeBytes: bytes.byteLength, sha256 };
    },
    async get(key, expectedSha256) {
      let bytes: Uint8Array;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!object.Body) return undefined;
        bytes = await object.Body.transformToByteArray();
      } catch (e) {
        if (e instanceof NoSuchKey) return undefined;
        if (e instanceof S3ServiceException && e.$metadata.httpStatusCode === 404) return undefined;
        throw e;
      }
      if (sha256Hex(bytes) !== expectedSha256) throw new BlobIntegrityError(key);
      return bytes;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}
