// Display formatting. Pure string work on bigint: no Intl, so the output is the same on every
// machine and in every browser locale, and the server, web app and tests agree character for character.

import { type CurrencyCode, requireCurrency } from "./currencies.ts";
import { assertBigint, pow10, splitUnits } from "./digits.ts";

export interface FormatAmountOptions {
  /** Between groups of three integer digits. Default ","; "" turns grouping off. */
  groupSeparator?: string;
  /** Default ".". */
  decimalSeparator?: string;
  /**
   * "auto" (default): symbol before fiat ("€12.50", "$AU 3.00"), code after crypto
   * ("0.00120000 BTC"). "code": code after every currency ("12.50 EUR"). "none": the number only.
   */
  unit?: "auto" | "code" | "none";
}

export function formatAmount(
  minor: bigint,
  currency: CurrencyCode,
  options: FormatAmountOptions = {},
): string {
  assertBigint(minor, "minor");
  const { code, scale, displayDecimals, symbol } = requireCurrency(currency);
  const groupSeparator = options.groupSeparator ?? ",";
  const decimalSeparator = options.decimalSeparator ?? ".";
  if (groupSeparator === decimalSeparator) throw new RangeError("group and decimal separators must differ");

  // Truncate toward zero, never round: a balance of 0.999 USDT shown as "1.00" would promise the
  // customer money they do not have, and an amount they then try to send would be refused.
  const shown =
    // Stryker disable next-line EqualityOperator: at displayDecimals === scale both branches scale by
    // 10^0, so `>` in place of `>=` gives the same value.
    displayDecimals >= scale
      ? minor * pow10(displayDecimals - scale)
      : minor / pow10(scale - displayDecimals);
  const { negative, integer, fraction } = splitUnits(shown, displayDecimals);
  // `shown` is 0n when a tiny negative truncates away, so no "-0.00" appears.
  const sign = negative ? "-" : "";
  const number =
    // Stryker disable next-line ConditionalExpression,StringLiteral: no currency in the table shows 0
    // decimals (spec §5: 2 or 8), so this branch cannot run; it stays for a currency that would.
    groupDigits(integer, groupSeparator) + (displayDecimals === 0 ? "" : decimalSeparator + fraction);

  // Stryker disable next-line StringLiteral: every unit other than "none" and "code" means auto.
  const unit = options.unit ?? "auto";
  if (unit === "none") return sign + number;
  if (unit === "code" || symbol === null) return `${sign}${number} ${code}`;
  // A symbol made of letters ("$AU") is spaced from the digits so it reads as a word; one-character
  // symbols attach. The sign goes first so a negative reads "-€12.50".
  return `${sign}${symbol}${symbol.length > 1 ? " " : ""}${number}`;
}

function groupDigits(integer: string, separator: string): string {
  // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut only; joining the groups
  // with "" gives the same digits.
  if (separator === "") return integer;
  const head = integer.length % 3 || 3;
  const groups = [integer.slice(0, head)];
  for (let i = head; i < integer.length; i += 3) groups.push(integer.slice(i, i + 3));
  return groups.join(separator);
}

export interface FormatPercentOptions {
  /** "percent" (default): "1.5" means 1.5 %. "fraction": "0.015" means 1.5 % (a fee rate). */
  input?: "percent" | "fraction";
}

const PERCENT = /^(-?)([0-9]+)(?:\.([0-9]+))?$/;

/**
 * Spec §9: a fee percent is shown rounded to 2 places ("1.50%"). Rounding is half away from zero,
 * exact on the decimal string. Unlike amounts this may round up: a percent is a rate, not money.
 */
export function formatPercent(value: string, options: FormatPercentOptions = {}): string {
  const match = typeof value === "string" ? PERCENT.exec(value) : null;
  if (match === null) throw new RangeError(`Not a decimal percent: ${String(value)}`);
  // Stryker disable next-line StringLiteral: groups 1 (-?) and 2 ([0-9]+) take part in every match, so
  // only the fraction's default is ever used.
  const [, sign = "", integer = "", fraction = ""] = match;
  // value = digits / 10^exponent, in percent units.
  const digits = BigInt(integer + fraction);
  const exponent = fraction.length - (options.input === "fraction" ? 2 : 0);

  let hundredths: bigint;
  // Stryker disable next-line EqualityOperator: at exponent 2 the other branch divides by 10^0 with no
  // remainder, so `<` in place of `<=` gives the same value.
  if (exponent <= 2) {
    hundredths = digits * pow10(2 - exponent);
  } else {
    const divisor = pow10(exponent - 2);
    hundredths = digits / divisor;
    if ((digits % divisor) * 2n >= divisor) hundredths += 1n;
  }
  const split = splitUnits(hundredths, 2);
  return `${sign !== "" && hundredths !== 0n ? "-" : ""}${split.integer}.${split.fraction}%`;
}
