import { type CurrencyCode, isCurrencyCode, parseAmount, toDecimalString } from "@kestrel/money";
import { commonErrors } from "../../http/app-error.ts";
import type { Merchant } from "../merchants/merchants.service.ts";
import { depositErrors } from "./deposits.errors.ts";
import type { TemplateRow } from "./deposits.repository.ts";

const REASON_TEXT: Record<string, string> = {
  empty: "is required",
  malformed: "must be a decimal number like 12.50",
  negative: "must be positive",
  zero: "must be more than zero",
  too_many_decimals: "has too many decimal places for this currency",
  too_many_integer_digits: "is too large",
};

/** A currency the merchant offers and a positive amount in it (decimal string); 400 naming the field. */
export function parseDepositAmount(
  merchant: Merchant,
  currencyInput: string,
  amountInput: string,
): { currency: CurrencyCode; amount: bigint } {
  if (!isCurrencyCode(currencyInput) || !merchant.currencies.includes(currencyInput)) {
    throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
      field: "currency",
      message: "currency: is not offered",
    });
  }
  const parsed = parseAmount(amountInput, currencyInput, { allowZero: false });
  if (!parsed.ok) {
    throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
      field: "amount",
      message: `amount: ${REASON_TEXT[parsed.reason]}`,
    });
  }
  return { currency: currencyInput, amount: parsed.minor };
}

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
