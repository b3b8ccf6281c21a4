// Spec §5 amount input rules. The value is always a decimal string: money never becomes a JS
// number in this app (docs/architecture.md, "Money").

const MAX_INTEGER_DIGITS = 9;
export const MAX_DECIMALS = 8;
const MAX_DECIMALS_ALTERNATE = 6;

export interface AmountRules {
  /** The alternate mode of the spec allows only 6 decimal places. */
  alternate?: boolean;
}

/**
 * Turns what the customer typed into the next accepted value, or `null` when the keystroke must
 * be refused (the field keeps its previous value).
 */
export function normalizeAmountInput(raw: string, rules: AmountRules = {}): string | null {
  // A comma is the decimal separator on many European keyboards.
  let value = raw.replace(/\s/g, "").replace(",", ".");
  // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut only; "" passes every
  // check below unchanged, so without it the result is "" all the same.
  if (value === "") return "";
  if (!/^\d*\.?\d*$/.test(value)) return null;
  if (value.startsWith(".")) value = `0${value}`;

  // Stryker disable next-line StringLiteral: split always yields a first element, so the default is never used.
  const [integerPart = "", decimalPart] = value.split(".");
  // A value of only repeated zeros ("00", "000.5") is refused; "0" and "0.5" are fine.
  if (/^0{2,}/.test(integerPart)) return null;
  if (integerPart.length > MAX_INTEGER_DIGITS) return null;
  const maxDecimals = rules.alternate ? MAX_DECIMALS_ALTERNATE : MAX_DECIMALS;
  if (decimalPart !== undefined && decimalPart.length > maxDecimals) return null;

  // "05" reads as 5: drop the leading zero rather than refusing the digit.
  if (integerPart.length > 1 && integerPart.startsWith("0")) value = value.slice(1);
  return value;
}
