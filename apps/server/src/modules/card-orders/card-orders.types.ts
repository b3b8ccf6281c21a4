import type { CARD_COLOURS } from "../../db/schema/index.ts";

/** Spec §3 card colours: an id (the reference's cardDesignId) and a hex value each. */
export const CARD_DESIGNS = [
  { id: 1, colour: "BLACK", hex: "#1B1B1F" },
  { id: 2, colour: "BLUE", hex: "#1F3FBF" },
  { id: 3, colour: "ORANGE", hex: "#F2762E" },
  { id: 4, colour: "PURPLE", hex: "#6B3FBF" },
  { id: 5, colour: "GOLD", hex: "#C9A23F" },
] as const satisfies ReadonlyArray<{ id: number; colour: (typeof CARD_COLOURS)[number]; hex: string }>;

/** Reference §7 and spec §3: the additional personal info's choices. */
export const INCOME_SOURCES = [
  "scholarship",
  "loans",
  "legacy",
  "salary",
  "dividends",
  "savings",
  "property_sale",
  "social_benefits",
  "individual_activities",
  "stocks_sale",
  "relatives",
  "winnings",
  "other",
] as const;
export const DEPRECATED_INCOME_SOURCES = [
  "company_sale",
  "divorce",
  "MLP",
  "drawings_income",
  "investment_income",
  "inheritance",
  "receivable_dividends",
  "private_property_sale",
  "retirement",
  "royalties_rewards",
  "capital_stocks_sale",
  "inheritance_gifts",
  "LOGW",
] as const;
export const PURPOSES_OF_ACCOUNT_OPENING = [
  "bs_companies",
  "bs_realestate",
  "investing",
  "salary",
  "savings",
] as const;
export const TURNOVER_RANGES = [
  "0-1000",
  "1001-3000",
  "3001-8000",
  "8001-15000",
  "15001-50000",
  "50001-99999",
] as const;
export const DOCUMENT_TYPES = ["Visa", "Residence permit", "Identification card", "Passport"] as const;

/** Spec §3: plastic cards are delivered to the 27 EU countries (ISO alpha-2). */
export const PLASTIC_DELIVERY_COUNTRIES = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
] as const;

/** The card company every program's cards run on. */
export const CARD_COMPANY = "VISA";
