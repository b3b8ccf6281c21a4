/**
 * Spec §3: "A list of 27 EU country names exists". IBAN accounts are for residents of these
 * countries (ISO 3166-1 alpha-2 with their English names, the names the web app shows).
 */
export const EU_COUNTRIES: Readonly<Record<string, string>> = {
  AT: "Austria",
  BE: "Belgium",
  BG: "Bulgaria",
  HR: "Croatia",
  CY: "Cyprus",
  CZ: "Czechia",
  DK: "Denmark",
  EE: "Estonia",
  FI: "Finland",
  FR: "France",
  DE: "Germany",
  GR: "Greece",
  HU: "Hungary",
  IE: "Ireland",
  IT: "Italy",
  LV: "Latvia",
  LT: "Lithuania",
  LU: "Luxembourg",
  MT: "Malta",
  NL: "Netherlands",
  PL: "Poland",
  PT: "Portugal",
  RO: "Romania",
  SK: "Slovakia",
  SI: "Slovenia",
  ES: "Spain",
  SE: "Sweden",
};

export const isEuResident = (residenceCountry: string | null | undefined): boolean =>
  !!residenceCountry && Object.hasOwn(EU_COUNTRIES, residenceCountry);

/** Spec §3 required-info kinds: the order's steps still open, in the order the flow asks them. */
export const REQUIRED_INFO_KINDS = ["KYC", "ADDITIONAL_PERSONAL_INFO", "TAXID", "ADDRESS"] as const;
export type RequiredInfoKind = (typeof REQUIRED_INFO_KINDS)[number];

export type OrderFacts = {
  kycLevel: string;
  info: {
    isUsRelated: boolean | null;
    incomeSources: string[] | null;
    estimatedMonthlyTurnoverRange: string | null;
    taxCountry: string | null;
    taxId: string | null;
    billingCountry: string | null;
    billingCity: string | null;
    billingAddress1: string | null;
    billingZipCode: string | null;
  } | null;
};

/**
 * What the order still needs: KYC until the customer is verified (KYC_2), the additional
 * personal info (US link, income sources, turnover), the tax id, and the billing address.
 */
export function openSteps(f: OrderFacts): RequiredInfoKind[] {
  const i = f.info;
  const open = new Set<RequiredInfoKind>();
  if (f.kycLevel !== "KYC_2") open.add("KYC");
  if (!i || i.isUsRelated === null || !i.incomeSources?.length || !i.estimatedMonthlyTurnoverRange)
    open.add("ADDITIONAL_PERSONAL_INFO");
  if (!i?.taxCountry || !i.taxId) open.add("TAXID");
  if (!i?.billingCountry || !i.billingCity || !i.billingAddress1 || !i.billingZipCode) open.add("ADDRESS");
  return REQUIRED_INFO_KINDS.filter((k) => open.has(k));
}
