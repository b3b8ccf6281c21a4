import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * Phones travel as digits only (spec §5) and are stored as E.164 digits without '+'.
 * Returns null when the digits are not a valid number of any country.
 */
export function normalizePhone(input: string): { digits: string; country: string | undefined } | null {
  const digits = input.replace(/[\s()+-]/g, "");
  if (!/^\d{6,15}$/.test(digits)) return null;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (!parsed?.isValid()) return null;
  return { digits: parsed.number.slice(1), country: parsed.country };
}

/**
 * "+49 1512 3456789": a number as its owner, or the customer who typed it (the sender of a send
 * by phone), reads it in full.
 */
export function displayPhone(digits: string): string {
  return parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? `+${digits}`;
}

/** "+44 7•••• ••89": enough for the owner to recognise, not enough to harvest. */
export function maskPhone(digits: string): string {
  return `+${digits.slice(0, 3)}${"•".repeat(Math.max(0, digits.length - 5))}${digits.slice(-2)}`;
}
