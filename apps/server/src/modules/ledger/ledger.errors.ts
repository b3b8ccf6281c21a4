import { defineErrors } from "../../http/app-error.ts";

/** Every refusal of the ledger. Raised by the SQL write path (SQLSTATE LD000) or by the service. */
export const ledgerErrors = defineErrors({
  INSUFFICIENT_FUNDS: { status: 422, errorId: 5001, message: "There is not enough money on the account." },
  CURRENCY_MISMATCH: {
    status: 400,
    errorId: 5002,
    message: "The accounts of a transfer must be in the transfer's currency.",
  },
  ACCOUNT_NOT_FOUND: { status: 404, errorId: 5003, message: "Account not found." },
  ACCOUNT_CLOSED: { status: 422, errorId: 5004, message: "The account is closed." },
  ACCOUNT_NOT_EMPTY: { status: 422, errorId: 5005, message: "Only an empty account can be closed." },
  PENDING_NOT_FOUND: { status: 404, errorId: 5006, message: "The reserved transfer was not found." },
  PENDING_ALREADY_RESOLVED: {
    status: 409,
    errorId: 5007,
    message: "The reserved transfer was already completed or cancelled.",
  },
  PENDING_EXPIRED: { status: 409, errorId: 5008, message: "The reserved transfer has expired." },
  PENDING_NOT_EXPIRED: { status: 409, errorId: 5009, message: "The reserved transfer has not expired yet." },
  AMOUNT_EXCEEDS_PENDING: {
    status: 422,
    errorId: 5010,
    message: "The amount is larger than the reserved amount.",
  },
  INVALID_AMOUNT: { status: 400, errorId: 5011, message: "The amount must be a positive number." },
  SAME_ACCOUNT: { status: 400, errorId: 5012, message: "A transfer needs two different accounts." },
  INVALID_TIMEOUT: { status: 400, errorId: 5013, message: "The reservation timeout is not valid." },
  INVALID_LEGS: { status: 400, errorId: 5014, message: "The operation is not valid." },
  UNKNOWN_CURRENCY: { status: 400, errorId: 5016, message: "This currency is not supported." },
  IDEMPOTENCY_MISMATCH: {
    status: 422,
    errorId: 5017,
    message: "This Idempotency-Key was already used for another request.",
  },
  IN_PROGRESS: {
    status: 409,
    errorId: 5018,
    message: "This request is still being processed. Please try again later.",
  },
  OPERATION_NOT_FOUND: { status: 404, errorId: 5019, message: "Operation not found." },
});

export type LedgerErrorCode = keyof typeof ledgerErrors.specs;

export function isLedgerErrorCode(code: string): code is LedgerErrorCode {
  return Object.hasOwn(ledgerErrors.specs, code);
}
