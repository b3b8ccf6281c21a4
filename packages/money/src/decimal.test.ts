import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURRENCIES, type CurrencyCode, currencyCodes } from "./currencies.ts";
import { parseAmount, toDecimalString } from "./decimal.ts";

const ok = (minor: bigint) => ({ ok: true, minor });
const refused = (reason: string) => ({ ok: false, reason });

describe("parseAmount accepts plain decimal strings", () => {
  it.each([
    ["12.5", "EUR", 1250n],
    ["12.50", "EUR", 1250n],
    ["0", "EUR", 0n],
    ["0.00", "EUR", 0n],
    [".5", "EUR", 50n],
    ["0.0012", "BTC", 120_000n],
    ["5", "JPY", 5n],
    ["1", "ETH", 10n ** 18n],
    ["00012.5", "EUR", 1250n],
    ["999999999", "EUR", 99_999_999_900n],
    ["1.12345678", "BTC", 112_345_678n],
  ] as const)("%s %s is %s minor units", (input, currency, minor) => {
    expect(parseAmount(input, currency)).toEqual(ok(minor));
  });

  it("keeps ETH amounts far beyond 2^53 minor units exact", () => {
    const result = parseAmount("123456789.123456789012345678", "ETH");
    expect(result).toEqual(ok(123_456_789_123_456_789_012_345_678n));
    expect(toDecimalString(123_456_789_123_456_789_012_345_678n, "ETH")).toBe("123456789.123456789012345678");
    // The same value through a float would lose the tail: proves the test can tell the difference.
    expect(BigInt(Math.round(Number("123456789.123456789012345678") * 1e18))).not.toBe(
      123_456_789_123_456_789_012_345_678n,
    );
  });

  it("accepts exactly scale decimals and refuses one more", () => {
    expect(parseAmount("0.00000001", "BTC")).toEqual(ok(1n));
    expect(parseAmount("0.000000001", "BTC")).toEqual(refused("too_many_decimals"));
    expect(parseAmount("0.000000000000000001", "ETH")).toEqual(ok(1n));
    expect(parseAmount("0.0000000000000000001", "ETH")).toEqual(refused("too_many_decimals"));
  });
});

describe("parseAmount refusals", () => {
  it("refuses the empty string as empty", () => {
    expect(parseAmount("", "EUR")).toEqual(refused("empty"));
  });

  it.each([
    ".",
    "5.",
    "-",
    "1e5",
    "1E5",
    "1.5e-3",
    "+5",
    "1,000",
    "1 000",
    " 5",
    "5 ",
    "1.2.3",
    "١٢",
    "１２",
    "0x10",
    "Infinity",
    "NaN",
    "--5",
    "5-",
    "\u00a05",
    "12_000",
  ])("refuses %j as malformed", (input) => {
    expect(parseAmount(input, "EUR")).toEqual(refused("malformed"));
  });

  it("refuses a number smuggled in from JavaScript as malformed", () => {
    expect(parseAmount(12.5 as unknown as string, "EUR")).toEqual(refused("malformed"));
  });

  it("refuses a minus sign as negative, even on zero", () => {
    expect(parseAmount("-5", "EUR")).toEqual(refused("negative"));
    expect(parseAmount("-0", "EUR")).toEqual(refused("negative"));
    expect(parseAmount("-.5", "EUR")).toEqual(refused("negative"));
  });

  it("reads negatives only when allowNegative is set", () => {
    expect(parseAmount("-12.50", "EUR", { allowNegative: true })).toEqual(ok(-1250n));
    expect(parseAmount("--12.50", "EUR", { allowNegative: true })).toEqual(refused("malformed"));
  });

  it("allows 9 integer digits by default and refuses 10, leading zeros included", () => {
    expect(parseAmount("123456789.99", "EUR")).toEqual(ok(12_345_678_999n));
    expect(parseAmount("1234567890", "EUR")).toEqual(refused("too_many_integer_digits"));
    expect(parseAmount("0000000001", "EUR")).toEqual(refused("too_many_integer_digits"));
  });

  it("allows a bigger maxIntegerDigits for internal values", () => {
    expect(parseAmount("1234567890", "EUR", { maxIntegerDigits: 12 })).toEqual(ok(123_456_789_000n));
    expect(() => parseAmount("1", "EUR", { maxIntegerDigits: 0 })).toThrow(
      new RangeError("maxIntegerDigits must be a positive integer"),
    );
    expect(() => parseAmount("1", "EUR", { maxIntegerDigits: 1.5 })).toThrow(RangeError);
  });

  it("allows a single integer digit with maxIntegerDigits 1", () => {
    expect(parseAmount("5", "EUR", { maxIntegerDigits: 1 })).toEqual(ok(500n));
    expect(parseAmount("12", "EUR", { maxIntegerDigits: 1 })).toEqual(refused("too_many_integer_digits"));
  });

  it("allows maxDecimals 0 (whole units only) and throws on a negative or fractional one", () => {
    expect(parseAmount("7", "EUR", { maxDecimals: 0 })).toEqual(ok(700n));
    expect(parseAmount("7.5", "EUR", { maxDecimals: 0 })).toEqual(refused("too_many_decimals"));
    expect(() => parseAmount("1", "EUR", { maxDecimals: -1 })).toThrow(
      new RangeError("maxDecimals must be a non-negative integer"),
    );
    expect(() => parseAmount("1", "EUR", { maxDecimals: 1.5 })).toThrow(RangeError);
  });

  it("refuses more decimals than the scale, trailing zeros included", () => {
    expect(parseAmount("12.505", "EUR")).toEqual(refused("too_many_decimals"));
    expect(parseAmount("12.500", "EUR")).toEqual(refused("too_many_decimals"));
    expect(parseAmount("5.0", "JPY")).toEqual(refused("too_many_decimals"));
  });

  it("caps decimals further with maxDecimals, never above the scale", () => {
    expect(parseAmount("0.12345678", "ETH", { maxDecimals: 8 })).toEqual(ok(123_456_780_000_000_000n));
    expect(parseAmount("0.123456789", "ETH", { maxDecimals: 8 })).toEqual(refused("too_many_decimals"));
    expect(parseAmount("0.1234567", "ETH", { maxDecimals: 6 })).toEqual(refused("too_many_decimals"));
    expect(parseAmount("0.123", "EUR", { maxDecimals: 8 })).toEqual(refused("too_many_decimals"));
  });

  it("refuses only-zero values as zero when allowZero is false", () => {
    for (const input of ["0", "000", "0.00", ".0", "0.0"]) {
      expect(parseAmount(input, "EUR", { allowZero: false }), input).toEqual(refused("zero"));
    }
    expect(parseAmount("0.01", "EUR", { allowZero: false })).toEqual(ok(1n));
  });

  it("throws on an unknown currency: that is a programming error, not input", () => {
    expect(() => parseAmount("1", "XYZ" as CurrencyCode)).toThrow(
      new TypeError("Unknown currency code: XYZ"),
    );
  });
});

describe("toDecimalString", () => {
  it.each([
    [120_000n, "BTC", "0.00120000"],
    [1250n, "EUR", "12.50"],
    [5n, "JPY", "5"],
    [0n, "EUR", "0.00"],
    [0n, "KRW", "0"],
    [-1250n, "EUR", "-12.50"],
    [-1n, "BTC", "-0.00000001"],
    [1n, "ETH", "0.000000000000000001"],
    [123_456_789_012n, "EUR", "1234567890.12"],
  ] as const)("%s minor %s is %j", (minor, currency, expected) => {
    expect(toDecimalString(minor, currency)).toBe(expected);
  });

  it("refuses a number by its own check, before any arithmetic mixes it with a bigint", () => {
    expect(() => toDecimalString(1250 as unknown as bigint, "EUR")).toThrow(
      new TypeError("minor must be a bigint, got number"),
    );
  });
});

// Any currency with a non-negative amount inside the default 9-integer-digit range.
const currencyAndAmount = fc
  .constantFrom(...currencyCodes)
  .chain((code) =>
    fc.tuple(fc.constant(code), fc.bigInt({ min: 0n, max: 10n ** BigInt(9 + CURRENCIES[code].scale) - 1n })),
  );

describe("properties", () => {
  it("parseAmount reads back exactly what toDecimalString wrote, for every currency", () => {
    fc.assert(
      fc.property(currencyAndAmount, ([code, minor]) => {
        const wire = toDecimalString(minor, code);
        expect(parseAmount(wire, code)).toEqual(ok(minor));
      }),
      { numRuns: 2000 },
    );
  });

  it("the wire format has exactly scale decimals", () => {
    fc.assert(
      fc.property(currencyAndAmount, ([code, minor]) => {
        const [, fraction = ""] = toDecimalString(minor, code).split(".");
        expect(fraction.length).toBe(CURRENCIES[code].scale);
      }),
    );
  });

  it("parseAmount refuses any otherwise valid string carrying an exponent or a sign", () => {
    const marker = fc.constantFrom("e", "E", "+", "-", "e+", "e-", "E-3", "e10");
    fc.assert(
      fc.property(currencyAndAmount, marker, fc.nat(), ([code, minor], mark, at) => {
        const wire = toDecimalString(minor, code);
        const position = at % (wire.length + 1);
        const input = wire.slice(0, position) + mark + wire.slice(position);
        expect(parseAmount(input, code).ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it("values past 9 integer digits are refused by default and read exactly when allowed", () => {
    const big = fc.constantFrom(...currencyCodes).chain((code) =>
      fc.tuple(
        fc.constant(code),
        fc.bigInt({
          min: 10n ** BigInt(9 + CURRENCIES[code].scale),
          max: 10n ** BigInt(21 + CURRENCIES[code].scale),
        }),
      ),
    );
    fc.assert(
      fc.property(big, ([code, minor]) => {
        const wire = toDecimalString(minor, code);
        expect(parseAmount(wire, code)).toEqual(refused("too_many_integer_digits"));
        expect(parseAmount(wire, code, { maxIntegerDigits: 22 })).toEqual(ok(minor));
      }),
    );
  });
});
