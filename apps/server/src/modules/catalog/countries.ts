import { getCountries, getCountryCallingCode } from "libphonenumber-js";

export const COUNTRY_LIST_TYPES = ["residence", "phone", "delivery"] as const;
export type CountryListType = (typeof COUNTRY_LIST_TYPES)[number];

type Country = { code: string; name: string; dialCode: string };
export type CatalogCountry = Country & { blocked: boolean };

// libphonenumber's regions include two that are dialling areas only, not ISO 3166-1 countries:
// nobody gives them as a residence or a delivery address, but their numbers exist.
const DIALLING_ONLY = new Set(["AC", "TA"]);

/** Every region with a calling code, named in English, sorted by name; built once at first use. */
let countries: readonly Country[] | undefined;

function allCountries(): readonly Country[] {
  if (!countries) {
    const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
    const collator = new Intl.Collator("en");
    countries = getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code, dialCode: `+${getCountryCallingCode(code)}` }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }
  return countries;
}

/** True for an ISO alpha-2 code of a country we list (upper case, exact). */
export function isKnownCountry(code: string): boolean {
  return allCountries().some((c) => c.code === code && !DIALLING_ONLY.has(code));
}

/**
 * The country list for one use. Residence and phone list blocked countries, flagged, so the
 * client can say why a choice is refused; delivery leaves them out, since no card ships there.
 */
export function countriesFor(type: CountryListType, blocked: readonly string[]): CatalogCountry[] {
  const blockedSet = new Set(blocked);
  return allCountries()
    .filter((c) => type === "phone" || !DIALLING_ONLY.has(c.code))
    .map((c) => ({ ...c, blocked: blockedSet.has(c.code) }))
    .filter((c) => type !== "delivery" || !c.blocked);
}
