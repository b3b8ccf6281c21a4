import {
  constants,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
} from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import type { CardSecrets } from "../../providers/issuer/card-secrets.ts";
import { cardErrors } from "./cards.errors.ts";
import type { CardsRepository } from "./cards.repository.ts";

/**
 * The server's RSA key for codes the app sends encrypted (GET /v2/card/rsa-public-key). Decision
 * (the reference leaves it open, §5.11): RSA-OAEP with SHA-256, 2048-bit, the ciphertext base64;
 * the public key is base64 DER SubjectPublicKeyInfo (what the Web Crypto API imports as "spki").
 * The pair is made once and kept in the database, the private half encrypted under the card data
 * key, so every instance uses the same pair.
 */
export function createCardRsa(deps: { repository: CardsRepository; secrets: CardSecrets }) {
  const privateKeys = new Map<string, KeyObject>();

  async function activeKey() {
    const found = await deps.repository.activeRsaKey();
    if (found) return found;
    const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const sealed = deps.secrets.encrypt(pem);
    await deps.repository.insertRsaKeyIfNone({
      id: uuidv7(),
      publicKey: publicKey.export({ type: "spki", format: "der" }).toString("base64"),
      privateKeyCiphertext: sealed.ciphertext,
      dataKeyId: sealed.keyId,
    });
    const created = await deps.repository.activeRsaKey();
    if (!created) throw new Error("no card RSA key after creating one");
    return created;
  }

  return {
    async publicKey(): Promise<{ id: string; publicKey: string }> {
      const key = await activeKey();
      return { id: key.id, publicKey: key.publicKey };
    },

    /** The clear text of a code the app encrypted to key `keyId` (400 naming the field if not). */
    async decrypt(keyId: string, ciphertext: string, field = "passCode"): Promise<string> {
      let key = privateKeys.get(keyId);
      if (!key) {
        const row = await deps.repository.findRsaKey(keyId);
        if (!row) throw cardErrors.create("KEY_NOT_FOUND", { field: "keyId" });
        key = createPrivateKey(deps.secrets.decrypt(row.privateKeyCiphertext));
        privateKeys.set(keyId, key);
      }
      try {
        const plain = privateDecrypt(
          { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
          Buffer.from(ciphertext, "base64"),
        );
        return plain.toString("utf8");
      } catch {
        throw cardErrors.create("PASSCODE_NOT_READABLE", { field });
      }
    },
  };
}

export type CardRsa = ReturnType<typeof createCardRsa>;
