import { formatAmount, getCurrency, isCurrencyCode, parseAmount, toDecimalString } from "@kestrel/money";
import { MAX_DECIMALS } from "../../lib/format/amount-input-rules.ts";

// Amounts arrive and leave as decimal strings; they are read exactly as bigint minor units,
// never as floating point (docs/architecture.md, "Money").

/** Decimals the customer may type for a currency: its scale, within the spec's 8 (spec §5). */
export function inputDecimals(scale: number): number {
  return Math.min(scale, MAX_DECIMALS);
}

/** True when `value` has at most `decimals` decimals ("12.5" fits 2, "0.001" does not). */
export function fitsDecimals(value: string, decimals: number): boolean {
  const fraction = value.split(".")[1] ?? "";
  return fraction.length <= decimals;
}

/** A typed amount as the wire decimal of its currency, or undefined when there is nothing to price. */
export function toWireAmount(value: string, currency: string): string | undefined {
  if (!isCurrencyCode(currency) || value === "" || value.endsWith(".")) return undefined;
  const parsed = parseAmount(value, currency, { allowZero: false });
  return parsed.ok ? toDecimalString(parsed.minor, currency) : undefined;
}

/** "89.250000" → "89.25", "100.00" → "100": a computed amount shown in an input, exactly. */
export function plainAmount(wire: string): string {
  return wire.includes(".") ? wire.replace(/0+$/, "").replace(/\.$/, "") : wire;
}

export function readAmount(value: string, currency: string): bigint | undefined {
  if (!isCurrencyCode(currency)) return undefined;
  const parsed = parseAmount(value, currency, { maxIntegerDigits: 27, allowNegative: true });
  return parsed.ok ? parsed.minor : undefined;
}

/**
 * "1000.5", "EUR" → "€1,000.50". A quoted amount is shown whole: where the display decimals of
 * spec §5 would cut digits off (99.176 USDT shown as 99.17), every digit is shown instead, so
 * the screen never says the customer pays less than they will. Unknown values are shown as sent.
 */
export function formatMoney(value: string, currency: string): string {
  const minor = readAmount(value, currency);
  const known = getCurrency(currency);
  if (minor === undefined || known === undefined || !isCurrencyCode(currency)) return `${value} ${currency}`;
  const cut = 10n ** BigInt(Math.max(0, known.scale - known.displayDecimals));
  if (minor % cut === 0n) return formatAmount(minor, currency);
  return `${plainAmount(toDecimalString(minor, currency))} ${currency}`;
}
