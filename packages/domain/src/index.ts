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
export { DOCUMENT_TYPES, type DocumentType, IDENTITY_FRONTS } from "./document-types.ts";
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
  LEDGER_OPERATION_KINDS,
  LEDGER_OPERATION_PHRASES,
  type LedgerOperationKind,
  ledgerOperationPhrase,
} from "./ledger-kinds.ts";
