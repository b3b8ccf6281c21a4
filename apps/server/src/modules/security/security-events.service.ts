import type { Tx } from "../../db/transaction.ts";
import { insertSecurityEventSql } from "./security.repository.ts";
import type { SecurityEvent } from "./security.types.ts";

/**
 * Records a security event in the caller's transaction `tx`: the modules that act (auth,
 * customers' email, cards) call this with their own, so the event commits with its action or
 * not at all (docs/accounts.md "Security centre").
 */
export function recordSecurityEvent(tx: Tx, event: SecurityEvent): Promise<void> {
  return insertSecurityEventSql(tx, event);
}
