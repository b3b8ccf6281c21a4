import { defineErrors } from "../../http/app-error.ts";

/**
 * Refusals of a card's top-up and the issuer's card-transaction callbacks (errorIds 20xxx); the
 * quote refusals (amounts, pairs, offers) are the quote engine's.
 */
export const cardFundingErrors = defineErrors({
  CARD_NOT_FOUND: { status: 404, errorId: 20001, message: "This card was not found." },
  CARD_SOFT_BLOCKED: {
    status: 409,
    errorId: 20002,
    message: "This card is frozen. Unfreeze it before topping it up.",
  },
  CARD_BLOCKED: { status: 409, errorId: 20003, message: "This card is blocked and cannot be topped up." },
  CARD_NOT_ACTIVE: {
    status: 409,
    errorId: 20004,
    message: "Activate this card before topping it up.",
  },
  CARD_EXPIRED: { status: 409, errorId: 20005, message: "This card has expired and cannot be topped up." },
  INSUFFICIENT_FUNDS: {
    status: 422,
    errorId: 5001,
    message: "There is not enough money in your wallet for this top-up.",
  },
  CALLBACK_NOT_SIGNED: { status: 401, errorId: 20006, message: "The callback's signature is not valid." },
  ISSUER_CARD_NOT_FOUND: { status: 404, errorId: 20007, message: "No card has this issuer id." },
  ISSUER_TRANSACTION_NOT_FOUND: {
    status: 404,
    errorId: 20008,
    message: "No authorisation of this card has this transaction id.",
  },
  ISSUER_EVENT_MISMATCH: {
    status: 422,
    errorId: 20009,
    message: "The event does not match the authorisation it names.",
  },
});
