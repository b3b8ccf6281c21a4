// The one door of kyc: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.

export type { KycService } from "./kyc.service.ts";
export { createKycService } from "./kyc.service.ts";
export type { ReviewReason } from "./kyc-review.ts";
export { CASE_DECISIONS, CASE_STATUSES, REVIEW_REASON_CODES, REVIEW_REASONS } from "./kyc-review.ts";
