import { defineErrors } from "../../http/app-error.ts";

/** Refusals of the Stuck payments routes (docs/backoffice.md "Stuck payments"). */
export const stuckPaymentErrors = defineErrors({
  PAYMENT_NOT_FOUND: { status: 404, errorId: 21301, message: "Payment not found." },
});
