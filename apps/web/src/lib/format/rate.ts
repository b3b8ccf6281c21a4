// One way to show an exchange rate wherever the app shows one: exchange, card top-up, history.

/** Significant digits a rate is shown with: enough to check the price, short enough for a phone. */
const RATE_DIGITS = 8;

/**
 * "0.9231030725" → "0.92310307", "61234.5678901" → "61234.568": a rate (exact on the wire, 10
 * decimals) cut to 8 significant digits for reading; the amounts, not the rate, are what moves.
 */
export function displayRate(rate: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!match) return rate;
  const [, whole = "0", fraction = ""] = match;
  const zeros = /^0*/.exec(fraction)?.[0].length ?? 0;
  const decimals = whole === "0" ? zeros + RATE_DIGITS : Math.max(0, RATE_DIGITS - whole.length);
  const cut = fraction.slice(0, decimals).replace(/0+$/, "");
  return cut ? `${whole}.${cut}` : whole;
}
