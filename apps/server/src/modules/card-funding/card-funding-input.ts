import { type CurrencyCode, isCurrencyCode } from "@kestrel/money";
import { parseAmountField } from "../../http/amount-input.ts";
import { commonErrors } from "../../http/app-error.ts";
import type { Merchant } from "../merchants/index.ts";
import type { KindRequest } from "../quotes/index.ts";
import { CARD_CURRENCY } from "./card-rules.ts";

export type TopUpBody = {
  fromCurrency: string;
  toCurrency: string;
  fromAmount?: string | undefined;
  toAmount?: string | undefined;
};

const invalid = (field: string, problem: string) =>
  commonErrors.create("NOT_VALID_REQUEST_DATA", { field, message: `${field}: ${problem}` });

/**
 * A top-up's currencies and the one amount the customer typed: the wallet's crypto (fromAmount,
 * fees included) or what the card should receive (toAmount). The reference marks both required;
 * like the exchange (docs/quotes.md) we take exactly one, and say which is missing or extra.
 */
export function parseTopUpRequest(merchant: Merchant, body: TopUpBody): KindRequest {
  const from = body.fromCurrency;
  if (!isCurrencyCode(from) || !merchant.currencies.includes(from) || from === CARD_CURRENCY) {
    throw invalid("fromCurrency", "is not a currency this card can be topped up from");
  }
  if (body.toCurrency !== CARD_CURRENCY)
    throw invalid("toCurrency", `must be ${CARD_CURRENCY}, the card's currency`);
  // A field sent is a field typed, even empty (the schema refuses that one, naming it), as the
  // exchange counts them: an empty toAmount is never taken for a missing fromAmount.
  const given = [body.fromAmount, body.toAmount].filter((a) => a !== undefined);
  if (given.length !== 1) {
    throw invalid(
      body.fromAmount === undefined ? "fromAmount" : "toAmount",
      "give exactly one of fromAmount and toAmount",
    );
  }
  const side = body.fromAmount !== undefined ? "from" : "to";
  const field = side === "from" ? "fromAmount" : "toAmount";
  const currency: CurrencyCode = side === "from" ? from : CARD_CURRENCY;
  return { from, to: CARD_CURRENCY, fixed: { side, amount: parseAmountField(field, given[0], currency) } };
}
