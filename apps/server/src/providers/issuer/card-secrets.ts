import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/** A data key: 32 bytes for AES-256-GCM, named so a ciphertext says which key opens it. */
export type DataKey = { id: string; key: Buffer };

/**
 * Card data at rest: AES-256-GCM under the first configured key, stored as
 * `keyId.iv.tag.ciphertext` (base64url parts). Every configured key decrypts, so a new key can
 * be put first and old ciphertexts still open until they are re-encrypted (rotation).
 */
export function createCardSecrets(keys: readonly DataKey[]) {
  const active = keys[0];
  if (!active) throw new Error("no card data key configured");
  const byId = new Map(keys.map((k) => [k.id, k.key]));

  return {
    activeKeyId: active.id,

    encrypt(plain: string): { keyId: string; ciphertext: string } {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", active.key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
      return { keyId: active.id, ciphertext: `${active.id}.${parts.join(".")}` };
    },

    decrypt(ciphertext: string): string {
      const [keyId, iv, tag, body] = ciphertext.split(".");
      const key = keyId ? byId.get(keyId) : undefined;
      if (!key || !iv || !tag || body === undefined)
        throw new Error(`card data key ${keyId} is not configured`);
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    },
  };
}

export type CardSecrets = ReturnType<typeof createCardSecrets>;
