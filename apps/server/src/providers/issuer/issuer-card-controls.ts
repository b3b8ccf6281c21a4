import { constants, type KeyObject, publicEncrypt } from "node:crypto";
import { commonErrors } from "../../http/app-error.ts";

/**
 * The card number and CVV sealed to a key the customer's browser made: RSA-OAEP with SHA-256,
 * each ciphertext base64. Only the browser's private key opens them; the expiry is not secret
 * (the card list shows it).
 */
type SealedCardSecrets = {
  number: string;
  cvv: string;
  expiryMonth: number;
  expiryYear: number;
};

/**
 * What the customer controls on an issued card, at the issuer (which holds number, CVV and PIN
 * and decides at the terminal): reveal the secrets sealed to the browser's key, set the PIN,
 * soft block and unblock. `undefined`: the issuer does not know the card (or has not issued it).
 */
export interface IssuerCardControls {
  reveal(issuerCardId: string, sealTo: KeyObject): Promise<SealedCardSecrets | undefined>;
  setPin(issuerCardId: string, pin: string): Promise<boolean>;
  setSoftBlocked(issuerCardId: string, blocked: boolean): Promise<boolean>;
}

/** RSA-OAEP SHA-256 to the browser's key (what Web Crypto's RSA-OAEP with hash SHA-256 opens). */
export function sealTo(key: KeyObject, secret: string): string {
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    Buffer.from(secret, "utf8"),
  ).toString("base64");
}

/** Outside sandbox mode until a real issuer's adapter exists (503). */
export function unavailableIssuerControls(): IssuerCardControls {
  const refuse = async (): Promise<never> => {
    throw commonErrors.create("SERVICE_UNAVAILABLE", {
      message: "Cards are not available yet. Please try again later.",
    });
  };
  return { reveal: refuse, setPin: refuse, setSoftBlocked: refuse };
}
