import { formatAmount, getCurrency, isCurrencyCode, parseAmount, toDecimalString } from "@kestrel/money";

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
 * A quoted amount, shown whole: like formatMoney, but where the display decimals of spec §5 would
 * cut digits off (99.176 USDT shown as 99.17), every digit is shown instead, so a price on screen
 * never says the customer pays less or gets more than they will.
 */
export function formatExactMoney(value: string, currency: string): string {
  const minor = readAmount(value, currency);
  if (minor === undefined || !isCurrencyCode(currency)) return `${value} ${currency}`;
  const digits = amountDigits(value, currency);
  return digits === formatAmount(minor, currency, { unit: "none", groupSeparator: "" })
    ? formatAmount(minor, currency)
    : `${digits} ${currency}`;
}

/**
 * The digits of an amount as an amount field shows them: the currency's display decimals (spec
 * §5: "91.40" EUR, "10.12" USDT), more only where those would cut a digit off ("99.176" USDT), no
 * grouping. The same figure formatExactMoney shows beside it, so a field and the line under it
 * never read differently ("91.4" above "€91.40").
 */
export function amountDigits(value: string, currency: string): string {
  const minor = readAmount(value, currency);
  const known = getCurrency(currency);
  if (minor === undefined || known === undefined || !isCurrencyCode(currency)) return value;
  const cut = 10n ** BigInt(Math.max(0, known.scale - known.displayDecimals));
  if (minor % cut === 0n) return formatAmount(minor, currency, { unit: "none", groupSeparator: "" });
  return plainAmount(toDecimalString(minor, currency));
}

/** "89.250000" → "89.25", "100.00" → "100": an amount without its trailing zeros, exactly. */
export function plainAmount(wire: string): string {
  return wire.includes(".") ? wire.replace(/0+$/, "").replace(/\.$/, "") : wire;
}

/** Minor units back to the wire format of the currency ("0.00120000"). */
export function toWire(minor: bigint, currency: string): string {
  return isCurrencyCode(currency) ? toDecimalString(minor, currency) : minor.toString();
}
