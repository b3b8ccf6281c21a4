// "min" metadata checks lengths and prefixes, a fifth the size of "max"; the server checks with
// "max" and its refusal names the phone field, where the form then shows it.
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * The E.164 digits (no '+') the API takes (spec §5), from what the customer typed and the
 * country picked; a number typed with its own '+' prefix wins over the picker. Undefined when
 * the number is not valid.
 */
export function phoneDigits(typed: string, country: string): string | undefined {
  const text = typed.trim();
  if (text === "") return undefined;
  const parsed = text.startsWith("+")
    ? parsePhoneNumberFromString(text)
    : parsePhoneNumberFromString(text, country as CountryCode);
  return parsed?.isValid() ? parsed.number.slice(1) : undefined;
}

/** "+49 1512 3456789" for "we sent a code to …", with no-break spaces: it never wraps. */
export function formatPhone(digits: string): string {
  const text = parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? `+${digits}`;
  return text.replaceAll(" ", "\u00a0");
}

/** Keeps what a phone number can hold while typing: digits, spaces, '+', '-', '(' and ')'. */
export function cleanPhoneInput(text: string): string {
  return text.replace(/[^\d\s+()-]/g, "");
}
