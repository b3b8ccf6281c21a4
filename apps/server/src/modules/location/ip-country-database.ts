import { createRequire } from "node:module";
import { isIP } from "node:net";
import maxmind, { type CountryResponse, type Reader } from "maxmind";

/** IP → ISO country, from a MaxMind-format database; swappable for a commercial one. */
export type IpCountryLookup = { countryOf(ip: string): Promise<string | undefined> };

// ip-location-db files carry `country_code`; MaxMind's own (GeoLite2/GeoIP2 Country) carry
// `country.iso_code`. Both are read, so either file can be configured.
type CountryRecord = CountryResponse & { country_code?: string };

// ip-location-db's GeoFeed + WHOIS + ASN country database (IPv4 and IPv6 in one file, CC BY 4.0
// data by the NRO). Of the MaxMind-format files shipped on npm it placed the most networks of
// spec §6's blocked countries and their neighbours right (known-networks.ts; docs/merchants.md).
const DEFAULT_DATABASE = createRequire(import.meta.url).resolve(
  "@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb",
);

/**
 * Opens the database on first use and keeps the reader (it holds the 5 MB file in memory and an
 * LRU cache). A failed open is not cached, so the next request tries again.
 */
export function createIpCountryDatabase(file: string = DEFAULT_DATABASE): IpCountryLookup {
  let reader: Promise<Reader<CountryResponse>> | undefined;
  const open = () => {
    reader ??= maxmind.open<CountryResponse>(file).catch((err: unknown) => {
      reader = undefined;
      throw err;
    });
    return reader;
  };
  return {
    async countryOf(ip: string) {
      const address = unmapIpv4(ip);
      if (isIP(address) === 0) return undefined;
      const record = (await open()).get(address) as CountryRecord | null;
      const code = record?.country_code ?? record?.country?.iso_code;
      // Only a real alpha-2 code counts; anything else is "no country" for the caller.
      return code && /^[A-Z]{2}$/.test(code) && code !== "ZZ" ? code : undefined;
    },
  };
}

/** "::ffff:46.4.0.1" (an IPv4 client on a dual-stack socket) is looked up as 46.4.0.1. */
function unmapIpv4(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped?.[1] ?? ip;
}
