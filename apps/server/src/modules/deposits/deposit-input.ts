import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { depositErrors } from "./deposits.errors.ts";
import type { TemplateRow } from "./deposits.repository.ts";

/** Spec §5: the amount lies within the chosen duration's minAmount and maxAmount. */
export function requireWithinTerm(template: TemplateRow, currency: CurrencyCode, amount: bigint): void {
  if (amount >= template.minAmount && amount <= template.maxAmount) return;
  const min = toDecimalString(template.minAmount, currency);
  const max = toDecimalString(template.maxAmount, currency);
  throw depositErrors.create("AMOUNT_OUT_OF_RANGE", {
    field: "amount",
    message: `amount: must be between ${min} and ${max} ${currency}`,
    data: { minAmount: min, maxAmount: max, currency },
  });
}
