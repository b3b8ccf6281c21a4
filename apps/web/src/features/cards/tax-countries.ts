/**
 * Countries offered for tax residence in the card order, alpha-2 (shown) to alpha-3 (what
 * PUT /v1/customer/profile/tax takes, reference §7): the EU, the EEA and a few neighbours.
 */
export const TAX_COUNTRIES: Readonly<Record<string, string>> = {
  AT: "AUT",
  BE: "BEL",
  BG: "BGR",
  HR: "HRV",
  CY: "CYP",
  CZ: "CZE",
  DK: "DNK",
  EE: "EST",
  FI: "FIN",
  FR: "FRA",
  DE: "DEU",
  GR: "GRC",
  HU: "HUN",
  IE: "IRL",
  IT: "ITA",
  LV: "LVA",
  LT: "LTU",
  LU: "LUX",
  MT: "MLT",
  NL: "NLD",
  PL: "POL",
  PT: "PRT",
  RO: "ROU",
  SK: "SVK",
  SI: "SVN",
  ES: "ESP",
  SE: "SWE",
  IS: "ISL",
  LI: "LIE",
  NO: "NOR",
  CH: "CHE",
  GB: "GBR",
  US: "USA",
};

const names = new Intl.DisplayNames(["en"], { type: "region" });

export const taxCountryOptions = () =>
  Object.keys(TAX_COUNTRIES)
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
