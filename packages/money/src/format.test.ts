import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURRENCIES, currencyCodes } from "./currencies.ts";
import { parseAmount, toDecimalString } from "./decimal.ts";
import { formatAmount, formatPercent } from "./format.ts";

describe("formatAmount", () => {
  it.each([
    [1250n, "EUR", "€12.50"],
    [1250n, "USD", "$12.50"],
    [99n, "GBP", "£0.99"],
    [300n, "AUD", "$AU 3.00"],
    [1000n, "KRW", "₩1,000.00"],
    [5n, "JPY", "¥5.00"],
    [120_000n, "BTC", "0.00120000 BTC"],
    [123_456_789_012n, "EUR", "€1,234,567,890.12"],
    [100_000_000n, "EUR", "€1,000,000.00"],
    [10_000n, "EUR", "€100.00"],
    [0n, "EUR", "€0.00"],
    [-1250n, "EUR", "-€12.50"],
    [-120_000n, "BTC", "-0.00120000 BTC"],
    [1_500_000n, "USDT", "1.50 USDT"],
    [100_000n, "TRX", "0.10000000 TRX"],
    [12_500_000n, "TRX", "12.50000000 TRX"],
    [1_234_567_891n, "SOL", "1.23456789 SOL"],
  ] as const)("%s minor %s shows as %j", (minor, currency, expected) => {
    expect(formatAmount(minor, currency)).toBe(expected);
  });

  it("truncates toward zero instead of rounding, so it never shows more than there is", () => {
    expect(formatAmount(999_999n, "USDT")).toBe("0.99 USDT");
    expect(formatAmount(1_999_999_999_999_999_999n, "ETH")).toBe("1.99999999 ETH");
    expect(formatAmount(1_999_999_999n, "SOL")).toBe("1.99999999 SOL");
    expect(formatAmount(-999_999n, "USDT")).toBe("-0.99 USDT");
  });

  it("shows a tiny negative that truncates to zero without a minus sign", () => {
    expect(formatAmount(-1n, "USDT")).toBe("0.00 USDT");
  });

  it("takes separators and unit from options", () => {
    expect(formatAmount(123_456_789n, "EUR", { groupSeparator: "\u2009" })).toBe("€1\u2009234\u2009567.89");
    expect(formatAmount(123_456_789n, "EUR", { groupSeparator: ".", decimalSeparator: "," })).toBe(
      "€1.234.567,89",
    );
    expect(formatAmount(123_456_789n, "EUR", { groupSeparator: "" })).toBe("€1234567.89");
    expect(formatAmount(1250n, "EUR", { unit: "code" })).toBe("12.50 EUR");
    expect(formatAmount(1250n, "EUR", { unit: "none" })).toBe("12.50");
    expect(formatAmount(120_000n, "BTC", { unit: "none" })).toBe("0.00120000");
    expect(() => formatAmount(1n, "EUR", { groupSeparator: "." })).toThrow(
      new RangeError("group and decimal separators must differ"),
    );
  });

  it("refuses a number by its own check, before any arithmetic mixes it with a bigint", () => {
    expect(() => formatAmount(12.5 as unknown as bigint, "EUR")).toThrow(
      new TypeError("minor must be a bigint, got number"),
    );
  });

  it("property: the shown value is the amount truncated to display decimals, never more", () => {
    const currencyAndAmount = fc
      .constantFrom(...currencyCodes)
      .chain((code) =>
        fc.tuple(
          fc.constant(code),
          fc.bigInt({ min: 0n, max: 10n ** BigInt(9 + CURRENCIES[code].scale) - 1n }),
        ),
      );
    fc.assert(
      fc.property(currencyAndAmount, ([code, minor]) => {
        const { scale, displayDecimals } = CURRENCIES[code];
        const text = formatAmount(minor, code, { unit: "none", groupSeparator: "" });
        expect(text.split(".")[1]?.length ?? 0).toBe(displayDecimals);
        if (displayDecimals > scale) {
          // KRW, JPY, TRX: the extra places are zeros and the number is the amount itself.
          const exact = toDecimalString(minor, code);
          const [integer, fraction = ""] = exact.split(".");
          expect(text).toBe(`${integer}.${fraction.padEnd(displayDecimals, "0")}`);
          return;
        }
        // Read the shown text back as an amount of the currency, padded to its scale.
        const shown = parseAmount(text + "0".repeat(scale - displayDecimals), code);
        if (!shown.ok) throw new Error(`shown text not parseable: ${text}`);
        const unit = 10n ** BigInt(scale - displayDecimals);
        expect(shown.minor <= minor).toBe(true);
        expect(minor - shown.minor < unit).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("formatPercent", () => {
  it.each([
    ["1.5", "1.50%"],
    ["2", "2.00%"],
    ["0", "0.00%"],
    ["1.005", "1.01%"],
    ["1.0049", "1.00%"],
    ["0.125", "0.13%"],
    ["99.999", "100.00%"],
    ["-1.005", "-1.01%"],
    ["-0.001", "0.00%"],
    ["12.3456789012345678901", "12.35%"],
  ])("percent %j shows as %j", (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });

  it.each([
    ["0.015", "1.50%"],
    ["0.02", "2.00%"],
    ["1", "100.00%"],
    ["0.00005", "0.01%"],
    ["0.000049", "0.00%"],
  ])("fraction %j shows as %j", (value, expected) => {
    expect(formatPercent(value, { input: "fraction" })).toBe(expected);
  });

  it.each(["", "abc", "1e2", "+1", "1,5", ".5", "5.", " 1"])("refuses %j", (value) => {
    expect(() => formatPercent(value)).toThrow(new RangeError(`Not a decimal percent: ${value}`));
  });

  it("refuses a number, which the pattern alone would read as its decimal text", () => {
    expect(() => formatPercent(1.5 as unknown as string)).toThrow(RangeError);
  });
});
