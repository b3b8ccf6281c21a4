import { describe, expect, it } from "vitest";
import { amountDigits, formatExactMoney, formatMoney, plainAmount, readAmount, toWire } from "./money.ts";

describe("wallet money", () => {
  it("reads decimal strings exactly and formats them", () => {
    expect(readAmount("0.1", "BTC")).toBe(10_000_000n);
    expect(formatMoney("1234.5", "EUR")).toBe("€1,234.50");
    expect(formatMoney("0.0012", "BTC")).toBe("0.00120000 BTC");
    expect(formatMoney("1.5", "XYZ")).toBe("1.5 XYZ");
    expect(toWire(150n, "EUR")).toBe("1.50");
  });

  it("shows a quoted amount whole where the display decimals would cut digits off", () => {
    expect(formatExactMoney("99.176000", "USDT")).toBe("99.176 USDT");
    expect(formatExactMoney("100.000000", "USDT")).toBe(formatMoney("100", "USDT"));
    expect(formatExactMoney("89.25", "EUR")).toBe("€89.25");
    expect(plainAmount("89.250000")).toBe("89.25");
    expect(plainAmount("100.00")).toBe("100");
  });
});

describe("an amount in a field", () => {
  it("shows the currency's display decimals, as the line under it does", () => {
    expect(amountDigits("91.4", "EUR")).toBe("91.40");
    expect(formatExactMoney("91.4", "EUR")).toBe("€91.40");
    expect(amountDigits("10.120000", "USDT")).toBe("10.12");
    expect(amountDigits("1000.000000", "USDT")).toBe("1000.00");
    expect(amountDigits("0.00120000", "BTC")).toBe("0.00120000");
  });

  it("keeps every digit the display decimals would cut off, never rounding a price", () => {
    expect(amountDigits("99.176000", "USDT")).toBe("99.176");
    expect(formatExactMoney("99.176000", "USDT")).toBe("99.176 USDT");
  });
});
