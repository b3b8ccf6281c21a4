import { isDatabaseError } from "../../db/transaction.ts";
import type { AppError } from "../../http/app-error.ts";
import { isLedgerErrorCode, ledgerErrors } from "./ledger.errors.ts";

/** SQLSTATE of the write path's refusals (see migration 0004_ledger_write_path). */
const LEDGER_SQLSTATE = "LD000";

// Backstops that fire only if the code above them is wrong; a caller still gets the right error.
const CONSTRAINT_ERRORS: Record<string, Parameters<typeof ledgerErrors.create>[0]> = {
  ledger_accounts_not_overdrawn: "INSUFFICIENT_FUNDS",
  ledger_transfers_resolve_once: "PENDING_ALREADY_RESOLVED",
  ledger_transfers_debit_account: "CURRENCY_MISMATCH",
  ledger_transfers_credit_account: "CURRENCY_MISMATCH",
};

/** The typed ledger error a database error stands for, or undefined (then it is unexpected). */
export function toLedgerError(err: unknown): AppError | undefined {
  if (!isDatabaseError(err)) return undefined;
  if (err.code === LEDGER_SQLSTATE && isLedgerErrorCode(err.message)) {
    return ledgerErrors.create(err.message, { data: parseDetail(err.detail) });
  }
  const code = err.constraint ? CONSTRAINT_ERRORS[err.constraint] : undefined;
  return code ? ledgerErrors.create(code) : undefined;
}

/**
 * Only the leg's position reaches the error body: the write path's detail also names accounts
 * and operations, which a route may not want to show to a customer (another customer's account).
 */
function parseDetail(detail: string | undefined): Record<string, unknown> | undefined {
  if (!detail) return undefined;
  try {
    const value = JSON.parse(detail) as { leg?: unknown };
    return typeof value.leg === "number" ? { leg: value.leg } : undefined;
  } catch {
    return undefined;
  }
}
