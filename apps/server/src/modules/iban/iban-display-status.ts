import type { DisplayStatus } from "@kestrel/domain";
import { displayStatus, type ProductState } from "../../display-status.ts";

/** Spec §3 IBAN statuses: what the server says of a customer's IBAN. */
export const IBAN_STATUSES = [
  "NONE",
  "CREATED",
  "UNAVAILABLE",
  "BLOCKED",
  "ACTIVE",
  "COLLECTION",
  "IN_PROGRESS",
  "SUPPORT",
  "ACTION_NEEDED",
  "INACTIVE",
  "CLOSED",
  "MULTI_ACCOUNT",
] as const;
export type IbanStatus = (typeof IBAN_STATUSES)[number];

/**
 * The customer display status of an IBAN: the cards' one mapping (display-status.ts), typed to
 * IBAN statuses. The order's open steps and the customer's KYC status tell waiting for the
 * identity review (VERIFICATION) from waiting for the customer (ACTION) and a rejection.
 */
export function ibanDisplayStatus(
  status: IbanStatus,
  context: Pick<ProductState, "openSteps" | "kycStatus"> = {},
): DisplayStatus {
  return displayStatus({ status, ...context });
}
