import { defineErrors } from "../../http/app-error.ts";

/** Reveal, PIN, label and soft block (docs/cards.md "Reveal, PIN, blocks"): ids 19101–19120. */
export const cardSecurityErrors = defineErrors({
  PUBLIC_KEY_NOT_VALID: {
    status: 400,
    errorId: 19101,
    message: "The public key is not a valid RSA key (base64 DER SubjectPublicKeyInfo, 1024 to 4096 bits).",
  },
  PIN_NOT_VALID: { status: 400, errorId: 19102, message: "The PIN must be exactly 4 digits." },
  PIN_TOO_SIMPLE: {
    status: 400,
    errorId: 19103,
    message:
      "This PIN is too easy to guess: it cannot be one digit repeated (like 1111) or digits in a row (like 1234 or 4321).",
  },
  CARD_NOT_ACTIVE: {
    status: 409,
    errorId: 19104,
    message: "This card is not active yet, so this is not available.",
  },
  CARD_ALREADY_BLOCKED: { status: 409, errorId: 19105, message: "This card is already blocked." },
  CARD_NOT_BLOCKED: { status: 409, errorId: 19106, message: "This card is not blocked." },
});
