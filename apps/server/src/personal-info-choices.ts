/**
 * Spec §3 and §7 (reference digest §7): the choices of the additional personal info. A card order
 * and an IBAN application ask the same questions with the same answers.
 */
/** Where the customer's money comes from. */
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

/** The monthly turnover the customer expects, in EUR. */
export const TURNOVER_RANGES = [
  "0-1000",
  "1001-3000",
  "3001-8000",
  "8001-15000",
  "15001-50000",
  "50001-99999",
] as const;

/** Why the customer opens the account. */
export const ACCOUNT_PURPOSES = ["bs_companies", "bs_realestate", "investing", "salary", "savings"] as const;
