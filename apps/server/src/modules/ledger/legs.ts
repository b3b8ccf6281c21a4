import { isCurrencyCode } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { z } from "zod";
import { commonErrors } from "../../http/app-error.ts";
import { ledgerErrors } from "./ledger.errors.ts";
import type { Leg } from "./ledger.types.ts";
import type { SqlLeg } from "./operations.repository.ts";

const MAX_LEGS = 100;
const uuid = z.uuid();

/**
 * Checks legs before they reach the database (which checks them again) and gives each its
 * transfer id (UUIDv7, made here: no sequence, ids sort by time). Amounts become decimal strings.
 */
export function toSqlLegs(legs: Leg[]): SqlLeg[] {
  if (legs.length === 0 || legs.length > MAX_LEGS) throw ledgerErrors.create("INVALID_LEGS");
  return legs.map((leg, index) => {
    if (leg.id !== undefined) requireId(leg.id, "INVALID_LEGS");
    const id = leg.id ?? uuidv7();
    if (leg.type === "post_pending") {
      requireId(leg.pendingId, "PENDING_NOT_FOUND");
      if (leg.amount !== undefined) requirePositive(leg.amount, index);
      return { id, type: "post_pending", pendingId: leg.pendingId, amount: leg.amount?.toString() };
    }
    if (leg.type === "void_pending" || leg.type === "expire_pending") {
      requireId(leg.pendingId, "PENDING_NOT_FOUND");
      return { id, type: leg.type, pendingId: leg.pendingId };
    }
    requirePositive(leg.amount, index);
    if (!isCurrencyCode(leg.currency))
      throw ledgerErrors.create("UNKNOWN_CURRENCY", { data: { leg: index } });
    const timeoutSeconds = leg.pending?.timeoutSeconds;
    if (timeoutSeconds !== undefined && !(Number.isInteger(timeoutSeconds) && timeoutSeconds >= 1)) {
      throw ledgerErrors.create("INVALID_TIMEOUT", { data: { leg: index } });
    }
    return {
      id,
      type: leg.pending ? "pending" : "posted",
      ...("house" in leg.debit ? { debitHouse: leg.debit.house } : { debit: accountId(leg.debit) }),
      ...("house" in leg.credit ? { creditHouse: leg.credit.house } : { credit: accountId(leg.credit) }),
      currency: leg.currency,
      amount: leg.amount.toString(),
      timeoutSeconds,
    };
  });
}

function accountId(ref: { accountId: string }): string {
  requireId(ref.accountId, "ACCOUNT_NOT_FOUND");
  return ref.accountId;
}

function requirePositive(amount: unknown, leg: number) {
  // A JS number never holds money: anything but a positive bigint is refused.
  if (typeof amount !== "bigint" || amount <= 0n)
    throw ledgerErrors.create("INVALID_AMOUNT", { data: { leg } });
}

// A malformed id cannot name anything: answer like an unknown one, never with a database error.
function requireId(id: unknown, code: "ACCOUNT_NOT_FOUND" | "PENDING_NOT_FOUND" | "INVALID_LEGS") {
  if (!uuid.safeParse(id).success) throw ledgerErrors.create(code);
}

export function requireOperationId(operationId: string) {
  if (!uuid.safeParse(operationId).success) {
    throw commonErrors.create("NOT_VALID_REQUEST_DATA", { message: "operationId: must be a UUID" });
  }
}

export function requireMerchantId(merchantId: string) {
  if (!uuid.safeParse(merchantId).success) {
    throw commonErrors.create("NOT_VALID_REQUEST_DATA", { message: "merchantId: must be a UUID" });
  }
}
