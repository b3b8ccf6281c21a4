import { defineErrors } from "../../http/app-error.ts";

/**
 * Refusals of the KYC module. `data.reason` is machine-readable for the client; limit refusals
 * also carry `data.remaining` (decimal string, merchant's fiat currency) and `data.currency`.
 */
export const kycErrors = defineErrors({
  PROFILE_INCOMPLETE: {
    status: 409,
    errorId: 3001,
    message: "Please complete your profile before verifying your identity.",
  },
  KYC_NOT_AVAILABLE: {
    status: 409,
    errorId: 3002,
    message: "Identity verification can't be started right now.",
  },
  KYC_LEVEL_REQUIRED: {
    status: 409,
    errorId: 3003,
    message: "Please complete the previous verification level first.",
  },
  KYC_ALREADY_UNDER_REVIEW: {
    status: 409,
    errorId: 3004,
    message: "Your request is already under review.",
  },
  APPLICATION_NOT_OPEN: {
    status: 409,
    errorId: 3005,
    message: "Your documents have been submitted already. Please wait for the review.",
  },
  DOCUMENTS_MISSING: {
    status: 400,
    errorId: 3006,
    message: "Some documents are missing.",
  },
  DOCUMENT_TYPE_NOT_SUPPORTED: {
    status: 415,
    errorId: 3007,
    message: "Please upload a JPEG or PNG photo, or a PDF.",
  },
  DOCUMENT_TOO_LARGE: { status: 413, errorId: 3008, message: "The file is larger than 10 MB." },
  DOCUMENT_OF_ANOTHER_CUSTOMER: {
    status: 409,
    errorId: 3009,
    message: "This document has already been used for another account.",
  },
  DOCUMENT_NOT_FOUND: { status: 404, errorId: 3010, message: "Document not found." },
  COUNTRY_NOT_ACCEPTED: {
    status: 400,
    errorId: 3011,
    message: "Documents issued by this country are not accepted.",
  },
  INVALID_SIGNATURE: { status: 401, errorId: 3012, message: "The callback signature is not valid." },
  APPLICATION_NOT_FOUND: { status: 404, errorId: 3013, message: "Application not found." },
  APPLICATION_NOT_SUBMITTED: {
    status: 409,
    errorId: 3014,
    message: "The application has not been submitted.",
  },
  LIMIT_EXCEEDED: {
    status: 422,
    errorId: 3015,
    message: "This amount is above your limit.",
  },
  CASE_ALREADY_DECIDED: { status: 409, errorId: 3017, message: "This case has been decided already." },
  CASE_NOT_FOUND: { status: 404, errorId: 3018, message: "Case not found." },
  REASON_NOT_FOR_OUTCOME: {
    status: 400,
    errorId: 3019,
    message: "This reason does not go with this decision.",
  },
  REVIEW_MODE_NOT_AVAILABLE: {
    status: 409,
    errorId: 3020,
    message: "Automatic reviews exist in sandbox mode only.",
  },
  LIMITS_MISSING: {
    status: 400,
    errorId: 3021,
    message: "limits: approving a limit increase sets the customer's limits; name at least one.",
  },
  LIMITS_NOT_FOR_DECISION: {
    status: 400,
    errorId: 3022,
    message: "limits: only approving a limit-increase request sets limits.",
  },
  REVIEW_UNAVAILABLE: {
    status: 503,
    errorId: 3016,
    message: "Identity verification is not available right now. Please try again later.",
  },
});
