import { defineErrors } from "../../http/app-error.ts";

export const depositErrors = defineErrors({
  DEPOSIT_NOT_FOUND: { status: 404, errorId: 10001, message: "No such deposit." },
  TERM_NOT_OFFERED: {
    status: 400,
    errorId: 10002,
    message: "This deposit is not offered for this currency and duration.",
  },
  AMOUNT_OUT_OF_RANGE: {
    status: 400,
    errorId: 10003,
    message: "The amount is outside the limits of this deposit.",
  },
  INSUFFICIENT_FUNDS: { status: 422, errorId: 5001, message: "There is not enough money in your wallet." },
  DEPOSIT_ALREADY_CLOSED: { status: 409, errorId: 10004, message: "This deposit is already closed." },
});
