import { formatAmount, isCurrencyCode, parseAmount, roundToDisplay, toDecimalString } from "@kestrel/money";

// Amounts arrive and leave as decimal strings ("0.00120000"): read them exactly as bigint minor
// units, never as floating point, and show them the one way the app shows money.

/** "12.5", "EUR" → 1250n; undefined for an unknown currency or a value that is not a decimal. */
export function readAmount(value: string, currency: string): bigint | undefined {
  if (!isCurrencyCode(currency)) return undefined;
  const parsed = parseAmount(value, currency, { maxIntegerDigits: 18, allowNegative: true });
  return parsed.ok ? parsed.minor : undefined;
}

/** "1000.5", "EUR" → "€1,000.50"; a currency or value the app does not know is shown as sent. */
export function formatMoney(value: string, currency: string): string {
  const minor = readAmount(value, currency);
  return minor === undefined || !isCurrencyCode(currency)
    ? `${value} ${currency}`
    : formatAmount(minor, currency);
}

/**
 * The digits of an amount as an amount field shows them: the display rule of spec §5 without
 * symbol or grouping ("91.40" EUR, "10.12" USDT), the same figure formatMoney shows beside it, so
 * a field and the line under it never read differently ("91.4" above "€91.40"). Quotes are priced
 * at these decimals (docs/quotes.md "Display precision"), so a quoted amount shows whole; a finer
 * balance shows truncated, never more than there is.
 */
export function amountDigits(value: string, currency: string): string {
  const minor = readAmount(value, currency);
  if (minor === undefined || !isCurrencyCode(currency)) return value;
  return formatAmount(minor, currency, { unit: "none", groupSeparator: "" });
}

/**
 * The most a field may ask of a balance, as the customer would type it: `minor` rounded down to
 * the shown decimals (a quote rounds what is paid up, so a finer figure could ask for more than
 * there is), without trailing zeros ("994.67", "12.5").
 */
export function maxAmountDigits(minor: bigint, currency: string): string {
  if (!isCurrencyCode(currency)) return minor.toString();
  return plainAmount(toDecimalString(roundToDisplay(minor, currency, "down"), currency));
}

/** "89.250000" → "89.25", "100.00" → "100": an amount without its trailing zeros, exactly. */
export function plainAmount(wire: string): string {
  return wire.includes(".") ? wire.replace(/0+$/, "").replace(/\.$/, "") : wire;
}

/** Minor units back to the wire format of the currency ("0.00120000"). */
export function toWire(minor: bigint, currency: string): string {
  return isCurrencyCode(currency) ? toDecimalString(minor, currency) : minor.toString();
}
