export type CountryListType = "phone" | "residence";

/** The countries list's query (countries-query.ts), seeded from the page on the sign-in pages. */
export const countriesQueryKey = (type: CountryListType) => ["catalog", "countries", type] as const;
