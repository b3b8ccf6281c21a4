import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error: the package ships no types; its constructor, run and close are used here.
import S3rver from "@20minutes/s3rver";

export const TEST_BUCKET = "kestrel-test-documents";

/**
 * A local S3-compatible server (s3rver, from npm: plain JavaScript, objects kept in a temporary
 * folder) with one bucket, for the S3 blob store's tests. Its credentials are s3rver's fixed
 * S3RVER / S3RVER; it checks request signatures as S3 does.
 */
export async function startLocalS3() {
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    /** BLOB_STORE=s3 configuration for a test app on this server. */
    env: {
      BLOB_STORE: "s3",
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
