import { defineErrors } from "../../http/app-error.ts";

/** The security centre (docs/accounts.md "Security centre"): ids 24101–24120. */
export const securityErrors = defineErrors({
  SESSION_NOT_FOUND: { status: 404, errorId: 24101, message: "There is no such session." },
  ALERT_LINK_INVALID: {
    status: 400,
    errorId: 24102,
    message: "This link has expired or has already been used.",
  },
});
