import { defineErrors } from "../../http/app-error.ts";

/** Refusals of the back-office's sign-in, sessions and permissions. */
export const operatorErrors = defineErrors({
  OPERATOR_SIGN_IN_FAILED: { status: 401, errorId: 21001, message: "Wrong email or password." },
  OPERATOR_CODE_WRONG: { status: 401, errorId: 21002, message: "The code is not right. Please try again." },
  OPERATOR_LOCKED: {
    status: 429,
    errorId: 21003,
    message: "Too many failed attempts. Please try again in 15 minutes.",
  },
  OPERATOR_SIGN_IN_REQUIRED: { status: 401, errorId: 21004, message: "Please sign in." },
  OPERATOR_SESSION_EXPIRED: {
    status: 401,
    errorId: 21005,
    message: "Your session has expired. Please sign in again.",
  },
  CSRF_TOKEN_INVALID: {
    status: 403,
    errorId: 21006,
    message: "This request could not be verified. Please reload the page.",
  },
  PERMISSION_DENIED: { status: 403, errorId: 21007, message: "Your role does not allow this." },
});
