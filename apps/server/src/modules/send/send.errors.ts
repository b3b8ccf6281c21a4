import { defineErrors } from "../../http/app-error.ts";

export const sendErrors = defineErrors({
  RECIPIENT_NOT_FOUND: { status: 404, errorId: 7001, message: "No customer with this phone number." },
  CANNOT_SEND_TO_SELF: { status: 400, errorId: 7002, message: "You can't send money to yourself." },
  INSUFFICIENT_FUNDS: { status: 422, errorId: 5001, message: "There is not enough money in your wallet." },
  ADDRESS_NOT_AVAILABLE: {
    status: 400,
    errorId: 7003,
    message: "This currency can't be sent to a wallet address.",
  },
  ADDRESS_INVALID: { status: 400, errorId: 7004, message: "This is not a valid address for this network." },
  ADDRESS_CHECKSUM_INVALID: {
    status: 400,
    errorId: 7005,
    message: "This address has a typo: its checksum does not match. Please check it.",
  },
  BELOW_MINIMUM: { status: 422, errorId: 7006, message: "The amount is below the minimum for this network." },
  SEND_CONFIRMATION_REQUIRED: {
    status: 403,
    errorId: 7007,
    message: "We sent a code to your phone to confirm this transfer.",
  },
  FEE_CHANGED: {
    status: 409,
    errorId: 7008,
    message: "The fee has changed. Please check the new fee and confirm again.",
  },
  FEE_ABOVE_AMOUNT: {
    status: 400,
    errorId: 7009,
    message: "The network fee is more than the amount. Please send a larger amount.",
  },
});
