// Decimal strings <-> integer minor units. This is the only way money crosses a boundary
// (HTTP body, query string, form input): as a plain decimal string, never a JSON number.

import { type CurrencyCode, requireCurrency } from "./currencies.ts";
import { assertBigint, pow10, splitUnits } from "./digits.ts";

/** Spec §5: an entered amount has up to 9 integer digits. */
const DEFAULT_MAX_INTEGER_DIGITS = 9;

const PARSE_AMOUNT_REASONS = [
  "empty",
  "malformed",
  "negative",
  "too_many_integer_digits",
  "too_many_decimals",
  "zero",
] as const;

type ParseAmountReason = (typeof PARSE_AMOUNT_REASONS)[number];

export type ParseAmountResult = { ok: true; minor: bigint } | { ok: false; reason: ParseAmountReason };

export interface ParseAmountOptions {
  /** Integer digits allowed, leading zeros included. Default 9 (spec §5); raise it for internal values. */
  maxIntegerDigits?: number;
  /** Caps the decimals below the currency's scale (spec §5: the input takes at most 8, or 6). */
  maxDecimals?: number;
  /** Default true. Amount inputs pass false: spec §5 refuses a value of only zeros. */
  allowZero?: boolean;
  /** Default false. Only for reading signed values this package wrote (toDecimalString). */
  allowNegative?: boolean;
}

// The whole grammar: ASCII digits, optionally one '.' followed by at least one digit; the integer
// part may be empty (".5" reads as "0.5", spec §5). Everything else is refused: signs, exponents,
// spaces, separators, unicode digits, and a trailing '.' ("5."), which is what a customer has
// mid-typing, not a finished amount; keeping one strict form also keeps the wire format canonical.
const DECIMAL = /^([0-9]*)(?:\.([0-9]+))?$/;

export function parseAmount(
  input: string,
  currency: CurrencyCode,
  options: ParseAmountOptions = {},
): ParseAmountResult {
  const { scale } = requireCurrency(currency);
  const maxIntegerDigits = options.maxIntegerDigits ?? DEFAULT_MAX_INTEGER_DIGITS;
  const maxDecimals = Math.min(scale, options.maxDecimals ?? scale);
  if (!Number.isSafeInteger(maxIntegerDigits) || maxIntegerDigits < 1) {
    throw new RangeError("maxIntegerDigits must be a positive integer");
  }
  if (!Number.isSafeInteger(maxDecimals) || maxDecimals < 0) {
    throw new RangeError("maxDecimals must be a non-negative integer");
  }

  if (typeof input !== "string") return { ok: false, reason: "malformed" };
  if (input === "") return { ok: false, reason: "empty" };

  let body = input;
  let negative = false;
  if (body.startsWith("-")) {
    body = body.slice(1);
    negative = true;
  }
  const match = DECIMAL.exec(body);
  // Stryker disable next-line StringLiteral: group 1 ([0-9]*) takes part in every match, so this default
  // is read only when there is no match, and then the next line refuses the input whatever it is.
  const integer = match?.[1] ?? "";
  const fraction = match?.[2] ?? "";
  // Rejects "", ".", "-" and "-." which the regex alone would let through as empty parts.
  // Stryker disable next-line ConditionalExpression: without a match both parts are "" and the length
  // test refuses the input the same way; `match === null` only says so first.
  if (match === null || integer.length + fraction.length === 0) return { ok: false, reason: "malformed" };
  if (negative && options.allowNegative !== true) return { ok: false, reason: "negative" };

  // Leading zeros are accepted ("00012.5" is 12.5) but counted, as the input box counts typed
  // characters; counting them also bounds the length of what we turn into a bigint.
  if (integer.length > maxIntegerDigits) return { ok: false, reason: "too_many_integer_digits" };
  // Trailing zeros count too ("12.500" EUR is refused): the rule is on what was written.
  if (fraction.length > maxDecimals) return { ok: false, reason: "too_many_decimals" };

  // Stryker disable next-line StringLiteral: BigInt("") is 0n, so each "0" fallback reads the same as "".
  const magnitude = BigInt(integer || "0") * pow10(scale) + BigInt(fraction.padEnd(scale, "0") || "0");
  if (magnitude === 0n && options.allowZero === false) return { ok: false, reason: "zero" };
  return { ok: true, minor: negative ? -magnitude : magnitude };
}

/**
 * The wire format: exactly `scale` decimals ("0.00120000" BTC, "12.50" EUR, "5" JPY), a leading
 * '-' for negatives, no grouping. parseAmount reads it back exactly.
 */
export function toDecimalString(minor: bigint, currency: CurrencyCode): string {
  assertBigint(minor, "minor");
  const { scale } = requireCurrency(currency);
  const { negative, integer, fraction } = splitUnits(minor, scale);
  return `${negative ? "-" : ""}${integer}${scale === 0 ? "" : `.${fraction}`}`;
}
