// Public API of @kestrel/domain: the domain's codes shared by the server, the web and the
// back-office, each with the one English phrase a customer reads for it (issues 47 and 48).

export {
  accentOnWhite,
  contrastRatio,
  isHex,
  MIN_TEXT_CONTRAST,
  readableTextColor,
} from "./contrast.ts";
export { DISPLAY_STATUSES, type DisplayStatus } from "./display-statuses.ts";
export {
  DOCUMENT_TYPE_PHRASES,
  DOCUMENT_TYPES,
  type DocumentType,
  IDENTITY_FRONTS,
} from "./document-types.ts";
export {
  HISTORY_STATUS_PHRASES,
  HISTORY_STATUSES,
  HISTORY_TYPE_PHRASES,
  HISTORY_TYPES,
  type HistoryStatus,
  type HistoryType,
  historyTypePhrase,
  RECEIVED_BY_PHONE_PHRASE,
} from "./history-types.ts";
export {
  KYC_CASE_KIND_PHRASES,
  KYC_CASE_KINDS,
  KYC_DECISION_PHRASES,
  KYC_DECISIONS,
  KYC_LEVEL_PHRASES,
  KYC_LEVELS,
  KYC_QUEUE_FILTER_PHRASES,
  KYC_QUEUE_FILTERS,
  KYC_REVIEW_REASON_PHRASES,
  KYC_REVIEW_REASONS,
  KYC_STATUS_PHRASES,
  KYC_STATUSES,
  type KycCaseKind,
  type KycDecision,
  type KycLevel,
  type KycQueueFilter,
  type KycReviewReason,
  type KycStatus,
} from "./kyc-words.ts";
export {
  CUSTOMER_ACCOUNT_KINDS,
  HOUSE_ACCOUNT_KINDS,
  type HouseAccountKind,
  LEDGER_ACCOUNT_PHRASES,
  LEDGER_OPERATION_KINDS,
  LEDGER_OPERATION_PHRASES,
  LEDGER_OPERATION_STATUS_PHRASES,
  LEDGER_OPERATION_STATUSES,
  type LedgerOperationKind,
  ledgerOperationPhrase,
  TRANSFER_TYPE_PHRASES,
  TRANSFER_TYPES,
} from "./ledger-kinds.ts";
export { OPERATOR_ROLE_PHRASES, OPERATOR_ROLES, type OperatorRole } from "./operator-roles.ts";
