import { type CurrencyCode, parseAmount } from "@kestrel/money";
import { AMOUNT_REASON_TEXT } from "../../http/amount-input.ts";
import { commonErrors } from "../../http/app-error.ts";

/** The optional `fee` the client was shown: a decimal string of the currency (400 otherwise). */
export function parseQuotedFee(currency: CurrencyCode, fee: string | undefined): bigint | undefined {
  if (fee === undefined) return undefined;
  const parsed = parseAmount(fee, currency, { allowZero: true });
  if (!parsed.ok) {
    throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
      field: "fee",
      message: `fee: ${AMOUNT_REASON_TEXT[parsed.reason]}`,
    });
  }
  return parsed.minor;
}
