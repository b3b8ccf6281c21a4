import { type CurrencyCode, isCurrencyCode, parseAmount } from "@kestrel/money";
import { commonErrors } from "../../http/app-error.ts";
import type { Merchant } from "../merchants/merchants.service.ts";

const REASON_TEXT: Record<string, string> = {
  empty: "is required",
  malformed: "must be a decimal number like 12.50",
  negative: "must be positive",
  zero: "must be more than zero",
  too_many_decimals: "has too many decimal places for this currency",
  too_many_integer_digits: "is too large",
};

/** A currency the merchant offers and a positive amount in it (decimal string); 400 naming the field. */
export function parseSendAmount(
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

/** The optional `fee` the client was shown: a decimal string of the currency (400 otherwise). */
export function parseQuotedFee(currency: CurrencyCode, fee: string | undefined): bigint | undefined {
  if (fee === undefined) return undefined;
  const parsed = parseAmount(fee, currency, { allowZero: true });
  if (!parsed.ok) {
    throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
      field: "fee",
      message: `fee: ${REASON_TEXT[parsed.reason]}`,
    });
  }
  return parsed.minor;
}
