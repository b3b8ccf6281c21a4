import { defineErrors } from "../../http/app-error.ts";

/** Ordering and paying for a card (docs/cards.md); the issued card's codes are in cards.errors.ts. */
export const cardOrderErrors = defineErrors({
  CARD_PROGRAM_NOT_ALLOWED: {
    status: 403,
    errorId: 19001,
    message: "This card program is not available for your account.",
  },
  CARD_TYPE_NOT_ALLOWED: {
    status: 403,
    errorId: 19002,
    message: "This type of card is not available for this program.",
  },
  CARD_REQUEST_NOT_FOUND: { status: 404, errorId: 19004, message: "No such card order." },
  CARD_REQUEST_NOT_OPEN: {
    status: 409,
    errorId: 19005,
    message: "This card order is already paid or cancelled and can no longer be changed.",
  },
  CARD_REQUEST_CHANGED: {
    status: 409,
    errorId: 19016,
    message: "This card order changed just now. Please try again.",
  },
  CARD_ALREADY_ISSUED: {
    status: 409,
    errorId: 19006,
    message: "This card has already been issued, so the order can no longer be cancelled.",
  },
  CARD_REQUEST_INCOMPLETE: {
    status: 409,
    errorId: 19007,
    message: "Please complete every step of your card order before paying.",
  },
  CARD_ORDER_EXISTS: {
    status: 409,
    errorId: 19008,
    message: "You already have an unfinished order for this card program. Please continue or cancel it.",
  },
  PROMO_CODE_NOT_VALID: { status: 400, errorId: 19009, message: "This promo code is not valid." },
  DELIVERY_COUNTRY_NOT_SUPPORTED: {
    status: 400,
    errorId: 19010,
    message: "We cannot deliver plastic cards to this country yet.",
  },
  INSUFFICIENT_FUNDS: { status: 422, errorId: 5001, message: "There is not enough money in your wallet." },
});
