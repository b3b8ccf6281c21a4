import cardValidator from "card-validator";

/** Digits only, at most 19. */
export const cardDigits = (typed: string) => typed.replace(/\D/g, "").slice(0, 19);

/** The number grouped as printed on the card (4-4-4-4 for most, 4-6-5 for Amex). */
export function groupCardNumber(typed: string): string {
  const digits = cardDigits(typed);
  const gaps = cardValidator.number(digits).card?.gaps ?? [4, 8, 12, 16];
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (gaps.includes(i)) out += " ";
    out += digits[i];
  }
  return out;
}

/** "valid", "incomplete" (may still become valid) or "invalid" (fails Luhn or the brand's rules). */
export function cardNumberState(typed: string): "valid" | "incomplete" | "invalid" {
  const digits = cardDigits(typed);
  const check = cardValidator.number(digits);
  if (check.isValid) return "valid";
  // A number of a length its brand uses that fails the Luhn check is wrong now, even though a
  // longer one of the brand could still be typed (Visa also has 19 digits).
  if (check.card?.lengths.includes(digits.length)) return "invalid";
  return check.isPotentiallyValid ? "incomplete" : "invalid";
}

/**
 * MM/YY (or MM/YYYY, spaces allowed) of a month not yet over on `now`, as numbers; undefined
 * otherwise. Parsed here rather than by card-validator, whose check reads the machine's clock and
 * would ignore `now`.
 */
export function parseExpiry(typed: string, now = new Date()): { month: number; year: number } | undefined {
  const parts = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(typed) ?? /^\s*(\d{2})(\d{2})\s*$/.exec(typed);
  if (!parts) return undefined;
  const month = Number(parts[1]);
  const year = parts[2]?.length === 2 ? 2000 + Number(parts[2]) : Number(parts[2]);
  if (month < 1 || month > 12) return undefined;
  const current = now.getFullYear() * 12 + now.getMonth() + 1;
  // Cards are issued for at most 20 years ahead (card-validator's bound, kept).
  if (year * 12 + month < current || year > now.getFullYear() + 19) return undefined;
  return { month, year };
}
