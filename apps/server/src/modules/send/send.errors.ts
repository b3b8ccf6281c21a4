import { defineErrors } from "../../http/app-error.ts";

export const sendErrors = defineErrors({
  RECIPIENT_NOT_FOUND: { status: 404, errorId: 7001, message: "No customer with this phone number." },
  CANNOT_SEND_TO_SELF: { status: 400, errorId: 7002, message: "You can't send money to yourself." },
  INSUFFICIENT_FUNDS: { status: 422, errorId: 5001, message: "There is not enough money in your wallet." },
  ADDRESS_NOT_AVAILABLE: {
    status: 400,
    errorId: 7003,
    message: "Sending to a wallet address is not available yet.",
  },
});
