import { defineErrors } from "../../http/app-error.ts";

/** Refusals of the operations guard and the country check; `data.reason` is machine-readable. */
export const catalogErrors = defineErrors({
  OPERATION_MAINTENANCE: {
    status: 503,
    errorId: 1101,
    message: "Taking a quick pit stop: this operation is under maintenance. Please try again later.",
  },
  OPERATION_DISABLED: { status: 403, errorId: 1102, message: "This operation is not available." },
  // The party the operation needs has no adapter in this deployment (docs/status.md).
  OPERATION_UNAVAILABLE: {
    status: 503,
    errorId: 1104,
    message: "This feature is not available here yet: the provider it needs is not connected.",
  },
  KYC_LEVEL_TOO_LOW: {
    status: 403,
    errorId: 1103,
    message: "Please verify your identity to use this operation.",
  },
  // Name and errorId as the reference API's sign-up refusal from a blocked IP country.
  COUNTRY_BLOCKED_FOR_REGISTRATION: {
    status: 403,
    errorId: 0,
    message: "We're sorry, but the service is unavailable in your country.",
  },
});
