import { defineErrors } from "../../http/app-error.ts";

/** Refusals of the back-office's own routes (the owning modules' errors pass through). */
export const backofficeErrors = defineErrors({
  OPERATION_NOT_FOUND: { status: 404, errorId: 21101, message: "Operation not found." },
  AMOUNT_NEEDS_CURRENCY: {
    status: 400,
    errorId: 21102,
    message: "An amount range needs its currency.",
  },
});
