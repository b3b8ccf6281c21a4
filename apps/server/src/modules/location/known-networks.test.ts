import { describe, expect, it } from "vitest";
import { DEFAULT_BLOCKED_COUNTRIES } from "../merchants/merchants.seed.ts";
import { createIpCountryDatabase } from "./ip-country-database.ts";
import { KNOWN_NETWORKS } from "./known-networks.ts";

describe("IP-to-country database", () => {
  const database = createIpCountryDatabase();

  it("places every known network of spec §6's blocked countries and their neighbours right", async () => {
    const wrong = [];
    for (const [ip, country, what] of KNOWN_NETWORKS) {
      const found = await database.countryOf(ip);
      if (found !== country) wrong.push(`${ip} (${what}): ${found ?? "none"}, not ${country}`);
    }
    expect(wrong).toEqual([]);
  });

  it("holds two networks at least of every blocked country of spec §6", () => {
    const thin = DEFAULT_BLOCKED_COUNTRIES.filter(
      (country) => KNOWN_NETWORKS.filter(([, c]) => c === country).length < 2,
    );
    expect(thin).toEqual([]);
  });

  it("places 77.88.8.8, a Moscow network, in Russia", async () => {
    expect(await database.countryOf("77.88.8.8")).toBe("RU");
  });
});
