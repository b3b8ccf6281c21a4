import { type CurrencyCode, isCurrencyCode } from "@kestrel/money";
import { parseAmountField } from "../../http/amount-input.ts";
import { commonErrors } from "../../http/app-error.ts";
import type { Merchant } from "../merchants/index.ts";
import type { FixedAmount } from "./quote-pricing.ts";

export type OfferRequest = {
  currencyFrom: string;
  currencyTo: string;
  amountFrom?: string | undefined;
  amountTo?: string | undefined;
};

export type ParsedOfferRequest = { from: CurrencyCode; to: CurrencyCode; fixed: FixedAmount };

const invalid = (field: string, problem: string) =>
  commonErrors.create("NOT_VALID_REQUEST_DATA", { field, message: `${field}: ${problem}` });

/**
 * Currencies the merchant offers and the one typed amount, in minor units of its currency: 400
 * naming the field otherwise (the schema already made sure exactly one amount is there).
 */
export function parseOfferRequest(merchant: Merchant, body: OfferRequest): ParsedOfferRequest {
  const currency = (field: "currencyFrom" | "currencyTo"): CurrencyCode => {
    const code = body[field];
    if (!isCurrencyCode(code) || !merchant.currencies.includes(code)) throw invalid(field, "is not offered");
    return code;
  };
  const from = currency("currencyFrom");
  const to = currency("currencyTo");
  if (from === to) throw invalid("currencyTo", "must differ from currencyFrom");
  const side = body.amountFrom !== undefined ? "from" : "to";
  const field = side === "from" ? "amountFrom" : "amountTo";
  return {
    from,
    to,
    fixed: { side, amount: parseAmountField(field, body[field], side === "from" ? from : to) },
  };
}
