import {
  type CurrencyCode,
  formatAmount,
  formatDate,
  formatDateTime,
  isCurrencyCode,
  maskCardNumber,
  parseAmount,
} from "@kestrel/money";

// How a PDF prints what a person reads: amounts by the display rule of spec §5, dates in the
// formats of spec §9 and card numbers in its masks, all from @kestrel/money as the web app shows
// them. A PDF has no reader's clock, so its times are UTC and say so. The CSV keeps exact values.

/** Minor units as the table prints them ("1,000.00", "0.20744658"): the account names the currency. */
export function printAmount(minor: bigint, currency: string): string {
  return isCurrencyCode(currency) ? formatAmount(minor, currency, { unit: "none" }) : minor.toString();
}

/** A wire decimal with its code ("12.50 EUR", "0.20744658 ETH"); a currency we do not know as sent. */
export function printMoney(value: string, currency: string): string {
  if (!isCurrencyCode(currency)) return `${value} ${currency}`;
  const parsed = parseAmount(value, currency as CurrencyCode, { allowNegative: true, maxIntegerDigits: 27 });
  return parsed.ok ? formatAmount(parsed.minor, currency, { unit: "code" }) : `${value} ${currency}`;
}

/** "7 December 2026, 15:02 UTC". */
export function printMoment(at: Date | string): string {
  return `${formatDateTime(at, "UTC")} UTC`;
}

/** A calendar day of the statement ("2026-12-31") as "31 December 2026". */
export function printDay(day: string): string {
  return formatDate(`${day}T00:00:00Z`, "D MMMM YYYY", "UTC");
}

/** An issuer's masked card number ("424242******4242") in the spec's medium mask; else as given. */
export function printCardNumber(value: string): string | undefined {
  return /^\d{4,6}[*•]+\d{4}$/.test(value.replace(/\s/g, "")) ? maskCardNumber(value) : undefined;
}
