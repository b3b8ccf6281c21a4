import { type CurrencyCode, isCurrencyCode, parseAmount } from "@kestrel/money";
import type { Merchant } from "../modules/merchants/merchants.service.ts";
import { commonErrors } from "./app-error.ts";

/** Why @kestrel/money refused an amount, in words that follow the field's name. */
export const AMOUNT_REASON_TEXT: Record<string, string> = {
  empty: "is required",
  malformed: "must be a decimal number like 12.50",
  negative: "must be positive",
  zero: "must be more than zero",
  too_many_decimals: "has too many decimal places for this currency",
  too_many_integer_digits: "is too large",
};

/** A currency the merchant offers and a positive amount in it (decimal string); 400 naming the field. */
export function parseOfferedAmount(
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
      message: `amount: ${AMOUNT_REASON_TEXT[parsed.reason]}`,
    });
  }
  return { currency: currencyInput, amount: parsed.minor };
}
