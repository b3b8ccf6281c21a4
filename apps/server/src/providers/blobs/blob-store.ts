/** What the store answers for a stored object: its key, size and SHA-256 (hex). */
type StoredBlob = { key: string; sizeBytes: number; sha256: string };

/**
 * Keeps binary objects (identity documents) outside the database. The filesystem store serves
 * one machine and tests; a production deployment with several servers passes an object store
 * (S3-compatible) implementing the same interface.
 */
export interface BlobStore {
  /** Stores the bytes under `key` (replacing nothing: keys are unique ids) and checksums them. */
  put(key: string, bytes: Uint8Array): Promise<StoredBlob>;
  /**
   * The bytes stored under `key`, checked against the checksum recorded at `put`; a missing
   * object is undefined, a corrupted one an error (never served as if it were the document).
   */
  get(key: string, expectedSha256: string): Promise<Uint8Array | undefined>;
  delete(key: string): Promise<void>;
}

export class BlobIntegrityError extends Error {
  constructor(key: string) {
    super(`blob ${key} does not match its checksum`);
  }
}
