import { defineErrors } from "../../http/app-error.ts";

export const cryptoErrors = defineErrors({
  NOTIFICATION_SIGNATURE_INVALID: {
    status: 401,
    errorId: 8001,
    message: "The notification's signature is not valid.",
  },
});
