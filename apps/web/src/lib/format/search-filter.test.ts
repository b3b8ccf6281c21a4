import { describe, expect, it } from "vitest";
import { filterBySearch } from "./search-filter.ts";

const currencies = [
  { currency: "BTC", name: "Bitcoin" },
  { currency: "ETH", name: "Ethereum" },
  { currency: "USDT", name: "Tether" },
];

describe("filterBySearch (spec §5)", () => {
  it("matches the currency code case-insensitively", () => {
    expect(filterBySearch(currencies, "usd").map((item) => item.currency)).toEqual(["USDT"]);
  });

  it("matches the name case-insensitively", () => {
    expect(filterBySearch(currencies, "ETHER").map((item) => item.currency)).toEqual(["ETH", "USDT"]);
  });

  it("returns everything for an empty or blank query", () => {
    expect(filterBySearch(currencies, "  ")).toHaveLength(3);
  });

  it("returns nothing when neither code nor name matches", () => {
    expect(filterBySearch(currencies, "doge")).toEqual([]);
  });
});
