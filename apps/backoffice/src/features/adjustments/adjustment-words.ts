import type { components } from "@kestrel/api-contract";

export type Adjustment = components["schemas"]["Adjustment"];
export type Direction = Adjustment["direction"];

/** The house accounts an operator books against, `adjustments` first (the server's default). */
export const HOUSE_ACCOUNTS: { value: string; label: string }[] = [
  { value: "adjustments", label: "Adjustments (corrections)" },
  { value: "fee_income", label: "Fee income" },
  { value: "interest_expense", label: "Interest expense" },
  { value: "chain_hot_wallet", label: "Chain hot wallet" },
  { value: "bank_settlement", label: "Bank settlement" },
  { value: "acquiring_clearing", label: "Card acquiring clearing" },
  { value: "payout_clearing", label: "Card payout clearing" },
  { value: "issuer_settlement", label: "Card issuer settlement" },
  { value: "liquidity", label: "Exchange liquidity" },
  { value: "claims_held", label: "Sends waiting to be claimed" },
];

export const houseLabel = (kind: string) => HOUSE_ACCOUNTS.find((h) => h.value === kind)?.label ?? kind;

/** "Credit 10.00 EUR" / "Debit 10.00 EUR": what the customer's wallet gets. */
export const movement = (a: Pick<Adjustment, "direction" | "amount" | "currency">) =>
  `${a.direction === "CREDIT" ? "Credit" : "Debit"} ${a.amount} ${a.currency}`;

/** The customer as the queue names them: their name (else phone), else the id's start. */
export const customerOf = (a: Pick<Adjustment, "customerId" | "customerName">) =>
  a.customerName ?? `${a.customerId.slice(0, 8)}…`;
