import { describe, expect, it } from "vitest";
import {
  CURRENCIES,
  type CurrencyCode,
  currencyCodes,
  DEFAULT_CURRENCY,
  getCurrency,
  isCurrencyCode,
  requireCurrency,
} from "./currencies.ts";

describe("currency table", () => {
  it.each([
    ["EUR", 2],
    ["USD", 2],
    ["GBP", 2],
    ["AUD", 2],
    ["KRW", 0],
    ["JPY", 0],
    ["BTC", 8],
    ["ETH", 18],
    ["USDT", 6],
    ["USDC", 6],
    ["DAI", 18],
    ["LTC", 8],
    ["TRX", 6],
    ["SOL", 9],
    ["DOGE", 8],
  ] as const)("%s has scale %i", (code, scale) => {
    expect(getCurrency(code)?.scale).toBe(scale);
  });

  it("lists exactly the fifteen supported currencies", () => {
    expect([...currencyCodes].sort()).toEqual([
      "AUD",
      "BTC",
      "DAI",
      "DOGE",
      "ETH",
      "EUR",
      "GBP",
      "JPY",
      "KRW",
      "LTC",
      "SOL",
      "TRX",
      "USD",
      "USDC",
      "USDT",
    ]);
  });

  it("shows 2 decimals for the spec's fiat-like list and 8 otherwise, TRX included", () => {
    const twoDecimals = ["USD", "EUR", "GBP", "AUD", "KRW", "JPY", "USDT", "USDC", "DAI"];
    for (const code of currencyCodes) {
      const { displayDecimals } = CURRENCIES[code];
      const expected = twoDecimals.includes(code) ? 2 : 8;
      expect(displayDecimals, code).toBe(expected);
    }
  });

  it("gives fiat the spec §9 symbols and crypto none", () => {
    const symbols: Record<string, string> = { USD: "$", EUR: "€", GBP: "£", AUD: "$AU", KRW: "₩", JPY: "¥" };
    for (const code of currencyCodes) {
      const currency = CURRENCIES[code];
      expect(currency.code).toBe(code);
      expect(currency.symbol, code).toBe(symbols[code] ?? null);
      expect(currency.kind, code).toBe(code in symbols ? "fiat" : "crypto");
    }
  });

  it("is frozen so no caller can change a scale at runtime", () => {
    expect(Object.isFrozen(CURRENCIES)).toBe(true);
    expect(Object.isFrozen(CURRENCIES.BTC)).toBe(true);
    expect(() => {
      (CURRENCIES.BTC as { scale: number }).scale = 2;
    }).toThrow(TypeError);
  });
});

describe("currency lookup", () => {
  it("returns undefined for unknown, lower-case and prototype names", () => {
    for (const code of ["XYZ", "btc", "", "toString", "__proto__", "constructor", " BTC"]) {
      expect(getCurrency(code), code).toBeUndefined();
      expect(isCurrencyCode(code), code).toBe(false);
    }
  });

  it("accepts every listed code and rejects non-strings", () => {
    for (const code of currencyCodes) expect(isCurrencyCode(code)).toBe(true);
    expect(isCurrencyCode(8)).toBe(false);
    expect(isCurrencyCode(null)).toBe(false);
    const narrowed: unknown = "ETH";
    if (isCurrencyCode(narrowed)) {
      const code: CurrencyCode = narrowed;
      expect(getCurrency(code)?.name).toBe("Ether");
    }
  });

  it("rejects values that only stringify to a code", () => {
    // Object.hasOwn turns its key into a string: ["BTC"] would pass as "BTC" without the type check.
    expect(isCurrencyCode(["BTC"])).toBe(false);
    expect(isCurrencyCode({ toString: () => "EUR" })).toBe(false);
  });

  it("requireCurrency names the unknown code it refuses", () => {
    expect(requireCurrency("BTC").scale).toBe(8);
    expect(() => requireCurrency("XYZ" as CurrencyCode)).toThrow(new TypeError("Unknown currency code: XYZ"));
  });

  it("defaults to USD (spec §9)", () => {
    expect(DEFAULT_CURRENCY).toBe("USD");
  });
});
