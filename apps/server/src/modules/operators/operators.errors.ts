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
  OPERATOR_PASSWORD_WRONG: { status: 400, errorId: 21008, message: "currentPassword: is not right." },
  OPERATOR_PASSWORD_CHANGE_REQUIRED: {
    status: 403,
    errorId: 21009,
    message: "Please change your one-time password first.",
  },
  OPERATOR_NOT_FOUND: { status: 404, errorId: 21010, message: "Operator not found." },
  OPERATOR_DISABLE_SELF: { status: 409, errorId: 21011, message: "You cannot disable yourself." },
  OPERATOR_ALREADY_DISABLED: { status: 409, errorId: 21012, message: "This operator is disabled already." },
  OPERATOR_PASSWORD_NOT_NEW: {
    status: 400,
    errorId: 21013,
    message: "newPassword: must differ from the current password.",
  },
  ORIGIN_NOT_ALLOWED: {
    status: 403,
    errorId: 21014,
    message: "This request did not come from the back-office. Please open the back-office and try again.",
  },
});
