// The one door of ledger: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { ledgerErrors } from "./ledger.errors.ts";
export { checkInvariants } from "./ledger.invariants.ts";
export type { LedgerService } from "./ledger.service.ts";
export { createLedgerService, EXPIRE_PENDING_TASK } from "./ledger.service.ts";
export type {
  Account,
  AccountRef,
  HouseAccountKind,
  Leg,
  OperationOutcome,
  TransferLeg,
} from "./ledger.types.ts";
export type { DailyFiguresBatch } from "./report.queries.ts";
