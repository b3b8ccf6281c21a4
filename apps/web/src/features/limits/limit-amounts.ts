import { formatAmount, isCurrencyCode, parseAmount } from "@kestrel/money";

// Limits arrive as decimal strings in the merchant's fiat currency ("1000.00"): read them
// exactly (no floating point) and show them as every amount in the app is shown.

const read = (value: string, currency: string): bigint | undefined => {
  if (!isCurrencyCode(currency)) return undefined;
  const parsed = parseAmount(value, currency, { maxIntegerDigits: 15 });
  return parsed.ok ? parsed.minor : undefined;
};

/** "1000.00", "EUR" → "€1,000.00"; a currency or value the app does not know is shown as sent. */
export function formatLimit(value: string, currency: string): string {
  const minor = read(value, currency);
  return minor === undefined || !isCurrencyCode(currency)
    ? `${value} ${currency}`
    : formatAmount(minor, currency);
}

/** True when the amount is zero (or unreadable): the level moves no money for the operation. */
export function isZero(value: string, currency: string): boolean {
  return (read(value, currency) ?? 0n) === 0n;
}

/** How much of `limit` is used, in whole percent from 0 to 100. */
export function usedPercent(used: string, limit: string, currency: string): number {
  const u = read(used, currency) ?? 0n;
  const l = read(limit, currency) ?? 0n;
  if (l <= 0n) return u > 0n ? 100 : 0;
  const percent = (u * 100n) / l;
  return Number(percent > 100n ? 100n : percent);
}
