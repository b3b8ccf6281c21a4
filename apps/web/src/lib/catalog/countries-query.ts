import type { components } from "@kestrel/api-contract";
import { useQuery } from "@tanstack/react-query";
import { unwrap } from "../session/api-result.ts";
import { useApi } from "../session/session-context.tsx";

export type CatalogCountry = components["schemas"]["CatalogCountry"];
export type CountryListType = "phone" | "residence";

/**
 * The countries offered for a phone number or a residence (GET /v1/catalog/countries), without
 * the ones the merchant does not serve, sorted by name.
 */
export function useOfferedCountries(type: CountryListType) {
  const api = useApi();
  return useQuery({
    queryKey: ["catalog", "countries", type],
    queryFn: () => unwrap(api.GET("/v1/catalog/countries", { params: { query: { type } } })),
    select: (answer) =>
      answer.data.filter((country) => !country.blocked).sort((a, b) => a.name.localeCompare(b.name)),
    // The list changes with a release, not during a visit.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
