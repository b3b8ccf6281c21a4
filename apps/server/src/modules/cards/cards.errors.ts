import { defineErrors } from "../../http/app-error.ts";

/**
 * An issued card's life (docs/cards.md): the card, its activation and the codes sent to the
 * server's RSA key (19003, 19011–19015); reveal, PIN, label and soft block (19101–19120).
 */
export const cardErrors = defineErrors({
  CARD_NOT_FOUND: { status: 404, errorId: 19003, message: "No such card." },
  ACTIVATION_CODE_NOT_VALID: { status: 422, errorId: 19011, message: "The activation code is not correct." },
  ACTIVATION_LOCKED: {
    status: 409,
    errorId: 19012,
    message: "Too many wrong activation codes. Please contact support.",
  },
  CARD_NOT_READY: { status: 409, errorId: 19013, message: "This card cannot be activated yet." },
  KEY_NOT_FOUND: { status: 400, errorId: 19014, message: "This key is unknown or no longer in use." },
  PASSCODE_NOT_READABLE: {
    status: 400,
    errorId: 19015,
    message: "The code could not be read. Please try again.",
  },
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
