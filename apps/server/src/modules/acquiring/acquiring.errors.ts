import { defineErrors } from "../../http/app-error.ts";

/** Refusals of card pay-in and payout; quote refusals (amounts, offers) are the quote engine's. */
export const acquiringErrors = defineErrors({
  CARD_NOT_FOUND: { status: 404, errorId: 9101, message: "This card was not found." },
  BILLING_ADDRESS_REQUIRED: {
    status: 422,
    errorId: 9102,
    message: "Please add the card's billing address first.",
  },
  PAYMENT_NOT_FOUND: { status: 404, errorId: 9103, message: "This payment was not found." },
  CALLBACK_NOT_SIGNED: { status: 401, errorId: 9104, message: "The callback's signature is not valid." },
  CALLBACK_MISMATCH: {
    status: 422,
    errorId: 9105,
    message: "The callback's amount or currency does not match the payment.",
  },
  INSUFFICIENT_FUNDS: {
    status: 422,
    errorId: 5001,
    message: "There is not enough money in your wallet for this withdrawal.",
  },
  ACQUIRER_UNAVAILABLE: {
    status: 503,
    errorId: 9106,
    message: "Card payments are not available right now. Please try again later.",
  },
  PAYMENT_STARTED: {
    status: 409,
    errorId: 9107,
    message:
      "This offer's payment has already started, so its price can no longer change. Please start a new one.",
  },
});
