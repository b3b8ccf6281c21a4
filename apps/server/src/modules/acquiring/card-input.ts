import { type CurrencyCode, isCurrencyCode } from "@kestrel/money";
import cardValidator from "card-validator";
import { parseAmountField } from "../../http/amount-input.ts";
import { commonErrors } from "../../http/app-error.ts";
import type { Merchant } from "../merchants/index.ts";
import type { KindRequest } from "../quotes/index.ts";

const invalid = (field: string, problem: string) =>
  commonErrors.create("NOT_VALID_REQUEST_DATA", { field, message: `${field}: ${problem}` });

/** The card number passes the Luhn check and the expiry month has not ended yet (400 otherwise). */
export function checkCard(
  card: { cardNumber: string; cardExpirationYear: number; cardExpirationMonth: number },
  now: Date,
) {
  if (!cardValidator.number(card.cardNumber).isValid)
    throw invalid("cardNumber", "is not a valid card number");
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (
    card.cardExpirationYear < year ||
    (card.cardExpirationYear === year && card.cardExpirationMonth < month)
  ) {
    throw invalid("cardExpirationYear", "the card has expired");
  }
}

/** "424242******4242": the first six and last four digits, never more. */
export function maskPan(bin: string, last4: string, length: number): string {
  return `${bin}${"*".repeat(Math.max(2, length - 10))}${last4}`;
}

/** The currencies (offered by the merchant) and the from-amount of a card offer: 400 naming the field. */
export function parseCardOffer(
  merchant: Merchant,
  body: { fromCurrency: string; toCurrency: string; amount: string },
): KindRequest {
  const currency = (field: "fromCurrency" | "toCurrency"): CurrencyCode => {
    const code = body[field];
    if (!isCurrencyCode(code) || !merchant.currencies.includes(code)) throw invalid(field, "is not offered");
    return code;
  };
  const from = currency("fromCurrency");
  const to = currency("toCurrency");
  if (from === to) throw invalid("toCurrency", "must differ from fromCurrency");
  return { from, to, fixed: { side: "from", amount: parseAmountField("amount", body.amount, from) } };
}
