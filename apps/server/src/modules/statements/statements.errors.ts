import { defineErrors } from "../../http/app-error.ts";

export const statementErrors = defineErrors({
  STATEMENT_RANGE_INVALID: {
    status: 400,
    errorId: 23001,
    message:
      "The statement's dates are not valid: 'to' must not be before 'from', and at most 5 years apart.",
  },
  STATEMENT_DOES_NOT_ADD_UP: {
    status: 422,
    errorId: 23002,
    message: "This statement cannot be issued: its movements do not add up to the ledger's balances.",
  },
  OPERATION_NOT_FOUND: { status: 404, errorId: 23003, message: "No such operation." },
});
