// What a person reads is what moves: a price is made at the display precision (spec §5), so an
// amount shown with 2 or 8 decimals is the whole amount, not a truncation of a finer one.
// docs/quotes.md "Display precision" says how the quote engine uses these.

import { type CurrencyCode, requireCurrency } from "./currencies.ts";
import { assertBigint, pow10 } from "./digits.ts";

/**
 * Minor units in one step of the last shown decimal: 10^12 for ETH (18 - 8), 10^4 for USDT
 * (6 - 2), 1 where the display shows every place the currency has (EUR, BTC, TRX, KRW).
 */
export function displayStep(currency: CurrencyCode): bigint {
  const { scale, displayDecimals } = requireCurrency(currency);
  return scale > displayDecimals ? pow10(scale - displayDecimals) : 1n;
}

/**
 * `minor` rounded to a whole display step: "up" for what a customer pays, "down" for what they
 * receive, so the rounding always falls on the house's side (docs/quotes.md).
 */
export function roundToDisplay(minor: bigint, currency: CurrencyCode, direction: "up" | "down"): bigint {
  assertBigint(minor, "minor");
  const step = displayStep(currency);
  const remainder = ((minor % step) + step) % step;
  if (remainder === 0n) return minor;
  return direction === "down" ? minor - remainder : minor - remainder + step;
}
