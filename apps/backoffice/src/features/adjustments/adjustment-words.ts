import type { components } from "@kestrel/api-contract";
import { HOUSE_ACCOUNT_KINDS, type HouseAccountKind, LEDGER_ACCOUNT_PHRASES } from "@kestrel/domain";

export type Adjustment = components["schemas"]["Adjustment"];
export type Direction = Adjustment["direction"];

/** The house accounts an operator books against, `adjustments` first (the server's default). */
export const HOUSE_ACCOUNTS: { value: HouseAccountKind; label: string }[] = [
  "adjustments" as const,
  ...HOUSE_ACCOUNT_KINDS.filter((kind) => kind !== "adjustments"),
].map((kind) => ({ value: kind, label: LEDGER_ACCOUNT_PHRASES[kind] }));

/** "Credit 10.00 EUR" / "Debit 10.00 EUR": what the customer's wallet gets. */
export const movement = (a: Pick<Adjustment, "direction" | "amount" | "currency">) =>
  `${a.direction === "CREDIT" ? "Credit" : "Debit"} ${a.amount} ${a.currency}`;

/** The customer as the queue names them: their name (else phone), else the id's start. */
export const customerOf = (a: Pick<Adjustment, "customerId" | "customerName">) =>
  a.customerName ?? `${a.customerId.slice(0, 8)}…`;
