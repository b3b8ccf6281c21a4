// What other modules may use of kyc besides its service and errors: its types, constants
// and the wire shapes they share (docs/architecture.md "Modules").

export type { ReviewReason } from "./kyc-review.ts";
export { CASE_DECISIONS, CASE_STATUSES, REVIEW_REASON_CODES, REVIEW_REASONS } from "./kyc-review.ts";
