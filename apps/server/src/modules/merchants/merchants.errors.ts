import { defineErrors } from "../../http/app-error.ts";

export const merchantErrors = defineErrors({
  MERCHANT_NOT_FOUND: { status: 400, errorId: 1001, message: "Unknown merchant." },
});
