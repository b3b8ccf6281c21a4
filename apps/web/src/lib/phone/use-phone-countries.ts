import { useOfferedCountries } from "../catalog/countries-query.ts";
import { useLocationCheck } from "../config-service/queries.ts";

/**
 * Countries for the phone picker (blocked ones are not offered) and the one to start with: the
 * visitor's own, from GET /location, when it is offered.
 */
export function usePhoneCountries() {
  const countries = useOfferedCountries("phone");
  const location = useLocationCheck();
  const list = countries.data ?? [];
  const own = list.find((country) => country.code === location.data?.country);
  return {
    countries: list,
    defaultCountry: (own ?? list[0])?.code,
    isPending: countries.isPending || location.isPending,
    error: countries.error,
  };
}
