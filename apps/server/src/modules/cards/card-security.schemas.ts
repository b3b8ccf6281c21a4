import { z } from "zod";

export const cardParams = z.object({ cardId: z.uuid() });

const base64 = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, "must be base64");

/** The browser's key: base64 DER SubjectPublicKeyInfo of an RSA key (1024 to 4096 bits). */
const publicKey = base64(100, 1200).describe(
  "The browser's RSA public key, base64 DER SubjectPublicKeyInfo (Web Crypto 'spki'), 1024 to 4096 bits",
);
const smsCode = z.string().regex(/^\d{4}$/, "must be the 4-digit code");
const sealedNote = "base64 RSA-OAEP (SHA-256) ciphertext to the request's publicKey";

export const revealNumberBody = z.object({ publicKey }).strict();
export const revealNumberResponse = z
  .object({ number: z.string().describe(`The card number, ${sealedNote}`), cardholderName: z.string() })
  .meta({ id: "CardNumberSealed" });

export const revealDetailsBody = z.object({ code: smsCode, publicKey }).strict();
export const revealDetailsResponse = z
  .object({
    number: z.string().describe(`The card number, ${sealedNote}`),
    cvv: z.string().describe(`The CVV, ${sealedNote}`),
    expiry: z.string().describe("MM/YY"),
    cardholderName: z.string(),
  })
  .meta({ id: "CardDetailsSealed" });

export const pinBody = z
  .object({
    keyId: z.uuid(),
    pin: base64(16, 1024).describe(
      "The 4-digit PIN, RSA-OAEP (SHA-256) encrypted to GET /v2/card/rsa-public-key, base64",
    ),
  })
  .strict();

/** Spec §5's free-text rule; empty clears the label. */
export const labelBody = z
  .object({
    label: z
      .string()
      .trim()
      .max(30, "must be at most 30 characters")
      .regex(
        /^[\p{L}\p{M}\p{N}\-,. ]*$/u,
        "may contain only letters, digits, spaces, hyphens, commas and periods",
      ),
  })
  .strict();

export const codeBody = z.object({ code: smsCode }).strict();
