import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import type { ClaimRow } from "./claims.repository.ts";
import type { ClaimView } from "./claims.types.ts";

/** What the history's details keep of a claim: its id (the cancel call's), state and deadline. */
export function claimDetails(row: ClaimRow) {
  return {
    id: row.id,
    status: row.status,
    expiresAt: row.expiresAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A claim as the API answers it; `phone` as the caller may read it (the sender: in full). */
export function claimView(row: ClaimRow, phone: string): ClaimView {
  return {
    ...claimDetails(row),
    phone,
    amount: toDecimalString(row.amount, row.currency as CurrencyCode),
    currency: row.currency,
  };
}
