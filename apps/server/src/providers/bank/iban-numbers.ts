import { randomInt } from "node:crypto";
import {
  composeIBAN,
  countrySpecs,
  electronicFormatIBAN,
  isSEPACountry,
  isValidBIC,
  isValidIBAN,
} from "ibantools";

/** An IBAN as typed (spaces, lower case) in its electronic form, or undefined when it is not valid. */
export function normalizeIban(input: string): string | undefined {
  const iban = electronicFormatIBAN(input) ?? "";
  return iban && isValidIBAN(iban) ? iban : undefined;
}

/** A BIC (8 or 11 characters) in upper case, or undefined when it is not valid. */
export function normalizeBic(input: string): string | undefined {
  const bic = input.replace(/\s+/g, "").toUpperCase();
  return isValidBIC(bic) ? bic : undefined;
}

/** True for an IBAN of a country in the SEPA scheme (a SEPA credit transfer can reach it). */
export function isSepaIban(iban: string): boolean {
  return isSEPACountry(iban.slice(0, 2));
}

/**
 * A new IBAN of `country` under `bankCode`: the rest of the BBAN random digits, the check
 * digits by ISO 7064 mod 97-10 (ibantools computes and validates them). Throws for a country
 * or bank code whose format digits cannot fill.
 */
export function newIban(country: string, bankCode: string): string {
  const spec = countrySpecs[country];
  if (!spec?.chars) throw new Error(`no IBAN format for ${country}`);
  const digits = spec.chars - 4 - bankCode.length;
  for (let attempt = 0; attempt < 20; attempt++) {
    const account = Array.from({ length: digits }, () => randomInt(0, 10)).join("");
    const iban = composeIBAN({ countryCode: country, bban: `${bankCode}${account}` });
    if (iban && isValidIBAN(iban)) return iban;
  }
  throw new Error(`bank code ${bankCode} does not fit the IBAN format of ${country}`);
}
