import { defineErrors } from "../../http/app-error.ts";

export const ratesErrors = defineErrors({
  CURRENCY_NOT_OFFERED: { status: 400, errorId: 25001, message: "This currency is not offered." },
  SAME_CURRENCY: { status: 400, errorId: 25002, message: "Choose two different currencies." },
});
