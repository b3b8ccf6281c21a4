import type { CatalogService } from "../catalog/index.ts";
import type { Merchant } from "../merchants/index.ts";
import type { IpCountryLookup } from "./ip-country-database.ts";

export type ClientLocation = {
  country: string;
  blocked: boolean;
  /** False when the IP has no country (loopback, private, unknown) and the home country stood in. */
  detected: boolean;
};

export function createLocationService(deps: {
  ipCountry: IpCountryLookup;
  catalog: Pick<CatalogService, "isCountryBlocked">;
}) {
  return {
    /**
     * Where the client is, for the web app's country gate and for sign-up. An address without a
     * country answers the merchant's home country (docs/merchants.md): the contract keeps
     * `country` a plain code, and local development, where every client is on loopback, works.
     */
    async locateClient(q: { merchant: Merchant; ip: string }): Promise<ClientLocation> {
      const found = await deps.ipCountry.countryOf(q.ip);
      const country = found ?? q.merchant.homeCountry;
      return { country, blocked: deps.catalog.isCountryBlocked(q.merchant, country), detected: !!found };
    },
  };
}

export type LocationService = ReturnType<typeof createLocationService>;
