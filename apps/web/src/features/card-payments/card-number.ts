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

/** MM/YY of a month not yet over, as numbers; undefined otherwise. */
export function parseExpiry(typed: string, now = new Date()): { month: number; year: number } | undefined {
  const check = cardValidator.expirationDate(typed);
  if (!check.isValid || !check.month || !check.year) return undefined;
  const month = Number(check.month);
  const year = check.year.length === 2 ? 2000 + Number(check.year) : Number(check.year);
  const current = now.getFullYear() * 12 + now.getMonth() + 1;
  return year * 12 + month >= current ? { month, year } : undefined;
}
