import { isCurrencyCode, parseAmount, toDecimalString } from "@kestrel/money";
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
