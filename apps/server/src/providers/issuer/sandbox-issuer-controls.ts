import { randomBytes, scrypt } from "node:crypto";
import { promisify } from "node:util";
import type { ClientSource } from "../../db/transaction.ts";
import type { CardSecrets } from "./card-secrets.ts";
import { type IssuerCardControls, sealTo } from "./issuer-card-controls.ts";

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** States in which the card exists at the sandbox issuer (issued, travelling or activated). */
const ISSUED = ["ISSUED", "ORDER_PENDING", "ORDERED", "IN_DELIVERY", "ACTIVATED", "SUPPORT"];

/**
 * The sandbox issuer's side of the customer's controls (docs/cards.md "Reveal, PIN, blocks").
 * Number and CVV stay AES-256-GCM encrypted in its books; a reveal opens them only to seal them
 * at once to the browser's key, so the clear text lives for one function call and is never
 * returned, logged or stored. The PIN is kept as a salted scrypt hash. The soft block is only
 * recorded (`soft_blocked`, what a real issuer would be told): the sandbox's authorisations do
 * not read it but ask the program manager, which declines from the card's status
 * (docs/card-funding.md "Spending"), so a frozen card's declined purchase reaches its history.
 */
export function createSandboxIssuerControls(deps: {
  db: ClientSource;
  secrets: CardSecrets;
}): IssuerCardControls {
  const one = async <R extends Record<string, unknown>>(text: string, params: unknown[]) =>
    deps.db.withClient(async (c) => (await c.query<R>(text, params)).rows[0]);

  return {
    async reveal(issuerCardId, key) {
      const row = await one<{
        pan: string | null;
        cvv: string | null;
        expiryMonth: number | null;
        expiryYear: number | null;
      }>(
        `select pan_ciphertext as pan, cvv_ciphertext as cvv, expiry_month as "expiryMonth", expiry_year as "expiryYear"
         from sandbox_issuer_cards where id = $1 and state = any($2)`,
        [issuerCardId, ISSUED],
      );
      if (!row?.pan || !row.cvv || row.expiryMonth === null || row.expiryYear === null) return undefined;
      return {
        number: sealTo(key, deps.secrets.decrypt(row.pan)),
        cvv: sealTo(key, deps.secrets.decrypt(row.cvv)),
        expiryMonth: row.expiryMonth,
        expiryYear: row.expiryYear,
      };
    },

    async setPin(issuerCardId, pin) {
      const salt = randomBytes(16);
      const hash = await scryptAsync(pin, salt, 32);
      const stored = `scrypt.${salt.toString("base64url")}.${hash.toString("base64url")}`;
      const row = await one(
        `update sandbox_issuer_cards set pin_hash = $2, updated_at = now() where id = $1 and state = any($3) returning id`,
        [issuerCardId, stored, ISSUED],
      );
      return row !== undefined;
    },

    async setSoftBlocked(issuerCardId, blocked) {
      const row = await one(
        `update sandbox_issuer_cards set soft_blocked = $2, updated_at = now() where id = $1 and state = any($3) returning id`,
        [issuerCardId, blocked, ISSUED],
      );
      return row !== undefined;
    },
  };
}
