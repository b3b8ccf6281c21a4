import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { maskPhone } from "../customers/customers.service.ts";
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

export function claimView(row: ClaimRow): ClaimView {
  return {
    ...claimDetails(row),
    phone: maskPhone(row.phone),
    amount: toDecimalString(row.amount, row.currency as CurrencyCode),
    currency: row.currency,
  };
}
