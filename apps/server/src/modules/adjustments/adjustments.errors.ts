import { defineErrors } from "../../http/app-error.ts";

/** Refusals of a wallet adjustment (docs/backoffice.md "Adjustments"). */
export const adjustmentErrors = defineErrors({
  ADJUSTMENT_NOT_FOUND: { status: 404, errorId: 21801, message: "Adjustment not found." },
  ADJUSTMENT_OWN_PROPOSAL: {
    status: 403,
    errorId: 21802,
    message: "Another operator must approve or reject an adjustment you proposed.",
  },
  ADJUSTMENT_ALREADY_DECIDED: {
    status: 409,
    errorId: 21803,
    message: "This adjustment was decided already.",
  },
  ADJUSTMENT_EXPIRED: {
    status: 409,
    errorId: 21804,
    message: "This adjustment expired: propose it again.",
  },
  INSUFFICIENT_FUNDS: {
    status: 422,
    errorId: 21805,
    message: "amount: more than the wallet's available balance.",
  },
});
