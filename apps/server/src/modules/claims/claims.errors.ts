import { defineErrors } from "../../http/app-error.ts";

export const claimErrors = defineErrors({
  CLAIM_NOT_FOUND: { status: 404, errorId: 7101, message: "There is no such transfer." },
  CLAIM_ALREADY_CLAIMED: {
    status: 409,
    errorId: 7102,
    message: "They have already joined and received this money: it can no longer be cancelled.",
  },
  CLAIM_ALREADY_RETURNED: {
    status: 409,
    errorId: 7103,
    message: "This money has already come back to your wallet.",
  },
});
