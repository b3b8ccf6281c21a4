import { unwrap } from "@kestrel/api-client";
import type { components } from "@kestrel/api-contract";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../session/session-context.tsx";
import { type CountryListType, countriesQueryKey } from "./countries-query-key.ts";

export type CatalogCountry = components["schemas"]["CatalogCountry"];
export type { CountryListType } from "./countries-query-key.ts";

type CountriesAnswer = { data: CatalogCountry[] };

// The server sends every list sorted by English name (the names are its, in English), so the
// client only leaves out the countries the merchant does not serve: sorting again cost the
// sign-in screen about 30 ms of its first render at Lighthouse's 4x CPU slowdown.
const offered = (answer: CountriesAnswer) => answer.data.filter((country) => !country.blocked);

/**
 * The countries offered for a phone number or a residence (GET /v1/catalog/countries), without
 * the ones the merchant does not serve, in the server's order (by name).
 */
export function useOfferedCountries(type: CountryListType) {
  const api = useApi();
  return useQuery({
    queryKey: countriesQueryKey(type),
    queryFn: () => unwrap(api.GET("/v1/catalog/countries", { params: { query: { type } } })),
    select: offered,
    // The list changes with a release, not during a visit.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
