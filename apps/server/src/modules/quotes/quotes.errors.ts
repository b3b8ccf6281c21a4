import { defineErrors } from "../../http/app-error.ts";

/**
 * Refusals of the quote engine (offers of every kind: exchange now, pay-in, payout and card
 * payments later). Amount refusals name the field the customer typed (amountFrom or amountTo)
 * and carry the pair's bounds in `data` as decimal strings.
 */
export const quotesErrors = defineErrors({
  AMOUNT_TOO_SMALL: { status: 422, errorId: 9001, message: "The amount is below the minimum for this pair." },
  AMOUNT_TOO_LARGE: { status: 422, errorId: 9002, message: "The amount is above the maximum for this pair." },
  PAIR_NOT_AVAILABLE: {
    status: 422,
    errorId: 9003,
    message: "These currencies can't be exchanged right now.",
  },
  OFFER_NOT_FOUND: { status: 404, errorId: 9004, message: "This offer was not found." },
  OFFER_EXPIRED: {
    status: 409,
    errorId: 9005,
    message: "This offer has expired. Please check the new rate and confirm again.",
  },
  OFFER_ALREADY_EXECUTED: { status: 409, errorId: 9006, message: "This offer has already been executed." },
  OFFER_CHANGED: {
    status: 409,
    errorId: 9007,
    message: "The price changed just now. Please check the new price and confirm again.",
  },
  INSUFFICIENT_FUNDS: {
    status: 422,
    errorId: 5001,
    message: "There is not enough money in your wallet for this exchange.",
  },
});
