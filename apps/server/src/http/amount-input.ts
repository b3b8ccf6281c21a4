import { type CurrencyCode, isCurrencyCode, parseAmount } from "@kestrel/money";
import { z } from "zod";
import type { Merchant } from "../modules/merchants/index.ts";
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

/**
 * The written form @kestrel/money's parseAmount reads: ASCII digits with at most one '.' followed
 * by digits (".5" is 0.5; "01.5" is 1.5, its leading zero counted as a digit). No spaces, sign,
 * exponent, separators or trailing '.'.
 */
export const AMOUNT_PATTERN = /^(?:[0-9]+|[0-9]*\.[0-9]+)$/;

/**
 * Every amount field of the contract is this schema, so that no field takes a form the others
 * refuse (" 1.00 ", say). The schema judges the form, so every field refuses a bad one alike, before
 * anything else of the request: 400 NOT_VALID_REQUEST_DATA naming the field, "<field>: must be a
 * decimal number like 12.50". What needs the currency (its decimals, more than zero, 9 integer
 * digits) follows in `parseAmountField`, with the same code and the field's name.
 */
export const amountInput = z
  .string()
  .max(40, AMOUNT_REASON_TEXT.too_many_integer_digits)
  .regex(AMOUNT_PATTERN, AMOUNT_REASON_TEXT.malformed)
  .describe("Decimal string: digits with at most one '.', no sign, exponent or spaces");

/** An amount field's value in minor units of `currency`, more than zero: else 400 naming the field. */
export function parseAmountField(field: string, input: string | undefined, currency: CurrencyCode): bigint {
  const parsed = parseAmount(input ?? "", currency, { allowZero: false });
  if (!parsed.ok) {
    throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
      field,
      message: `${field}: ${AMOUNT_REASON_TEXT[parsed.reason]}`,
    });
  }
  return parsed.minor;
}

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
  return { currency: currencyInput, amount: parseAmountField("amount", amountInput, currencyInput) };
}
