import { createPublicKey, type KeyObject } from "node:crypto";
import type { Limit } from "../ratelimit/index.ts";
import type { CardAsk, CardSecurityParts } from "./card-security-parts.ts";
import { cardErrors } from "./cards.errors.ts";
import type { CardRow } from "./cards.types.ts";

/** Spec §9 makes the browser's pair 1024-bit; larger ones are welcome, absurd ones are not. */
const KEY_BITS = { min: 1024, max: 4096 } as const;
/**
 * The number alone needs no SMS code (reference §4.14), so a stolen session could ask for it
 * again and again: a card's number is shown at most 20 times an hour (429 with Retry-After).
 */
const NUMBER_REVEALS: Limit = { name: "card-number-reveal", max: 20, windowSeconds: 3600 };
/** Cards whose secrets the customer may see: working, or frozen by themselves. */
const REVEALABLE = new Set(["ACTIVE", "SOFT_BLOCKED"]);

/**
 * The browser's public key (base64 DER SubjectPublicKeyInfo, what Web Crypto exports as "spki"):
 * an RSA key of 1024 to 4096 bits, or 400 naming `publicKey`.
 */
function browserKey(publicKey: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: Buffer.from(publicKey, "base64"), format: "der", type: "spki" });
  } catch {
    throw cardErrors.create("PUBLIC_KEY_NOT_VALID", { field: "publicKey" });
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== "rsa" || bits < KEY_BITS.min || bits > KEY_BITS.max) {
    throw cardErrors.create("PUBLIC_KEY_NOT_VALID", { field: "publicKey" });
  }
  return key;
}

const expiryOf = (month: number, year: number) =>
  `${String(month).padStart(2, "0")}/${String(year % 100).padStart(2, "0")}`;

/**
 * Reveal (reference §4.14, flow §5.11): the number alone, or with an SMS code the full details.
 * The issuer seals number and CVV to the browser's key; this server never holds them in clear,
 * so no answer and no log line can carry them.
 */
export function createCardSecretsReveal(deps: CardSecurityParts) {
  function requireRevealable(card: CardRow) {
    if (!REVEALABLE.has(card.status)) throw cardErrors.create("CARD_NOT_ACTIVE", { field: "cardId" });
  }

  async function sealed(card: CardRow, key: KeyObject) {
    const secrets = await deps.controls.reveal(card.issuerCardId, key);
    if (!secrets) throw cardErrors.create("CARD_NOT_ACTIVE", { field: "cardId" });
    return secrets;
  }

  return {
    /** POST /v2/card/{cardId}/number: the number sealed to `publicKey`. */
    async revealNumber(ask: CardAsk, body: { publicKey: string }) {
      const card = await deps.ownCard(ask);
      requireRevealable(card);
      const key = browserKey(body.publicKey);
      await deps.requireLiveSession(ask);
      await deps.limits.consume(NUMBER_REVEALS, `${ask.owner.merchant.id}:${card.id}`);
      const secrets = await sealed(card, key);
      await deps.withEvent(ask, card, "CARD_NUMBER_SHOWN");
      return { number: secrets.number, cardholderName: card.cardholderName };
    },

    /** GET /v2/card/{cardId}/details/code: texts the code a details reveal needs. */
    async sendDetailsCode(ask: CardAsk, ip: string) {
      const card = await deps.ownCard(ask);
      requireRevealable(card);
      await deps.codes.send({
        merchantId: ask.owner.merchant.id,
        merchantTitle: ask.owner.merchant.title,
        phone: await deps.phoneOf(ask.owner),
        purpose: "CARD_DETAILS",
        ip,
      });
      return { result: "ok" as const };
    },

    /** POST /v2/card/{cardId}/details: with the texted code, number and CVV sealed, and the expiry. */
    async revealDetails(ask: CardAsk, body: { code: string; publicKey: string }) {
      const card = await deps.ownCard(ask);
      requireRevealable(card);
      // Every check that needs no code comes first: a bad key must not spend the customer's code.
      const key = browserKey(body.publicKey);
      await deps.requireLiveSession(ask);
      await deps.codes.verify(
        {
          merchantId: ask.owner.merchant.id,
          phone: await deps.phoneOf(ask.owner),
          purpose: "CARD_DETAILS",
          code: body.code,
        },
        { incorrect: "CUSTOMER_SMS_CODE_INCORRECT", expired: "CUSTOMER_SMS_CODE_EXPIRED", field: "code" },
      );
      const secrets = await sealed(card, key);
      await deps.withEvent(ask, card, "CARD_NUMBER_SHOWN");
      return {
        number: secrets.number,
        cvv: secrets.cvv,
        expiry: expiryOf(secrets.expiryMonth, secrets.expiryYear),
        cardholderName: card.cardholderName,
      };
    },
  };
}
