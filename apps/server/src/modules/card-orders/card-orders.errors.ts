import { defineErrors } from "../../http/app-error.ts";

export const cardErrors = defineErrors({
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
  CARD_NOT_FOUND: { status: 404, errorId: 19003, message: "No such card." },
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
  INSUFFICIENT_FUNDS: { status: 422, errorId: 5001, message: "There is not enough money in your wallet." },
});
