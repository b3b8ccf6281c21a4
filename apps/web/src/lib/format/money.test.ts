import { describe, expect, it } from "vitest";
import { amountDigits, formatMoney, maxAmountDigits, plainAmount, readAmount, toWire } from "./money.ts";

describe("wallet money", () => {
  it("reads decimal strings exactly and formats them", () => {
    expect(readAmount("0.1", "BTC")).toBe(10_000_000n);
    expect(formatMoney("1234.5", "EUR")).toBe("€1,234.50");
    expect(formatMoney("0.0012", "BTC")).toBe("0.00120000 BTC");
    expect(formatMoney("1.5", "XYZ")).toBe("1.5 XYZ");
    expect(toWire(150n, "EUR")).toBe("1.50");
  });

  it("keeps an amount's digits without its trailing zeros", () => {
    expect(plainAmount("89.250000")).toBe("89.25");
    expect(plainAmount("100.00")).toBe("100");
  });
});

describe("an amount in a field", () => {
  it("shows the currency's display decimals, as the line under it does", () => {
    expect(amountDigits("91.4", "EUR")).toBe("91.40");
    expect(formatMoney("91.4", "EUR")).toBe("€91.40");
    expect(amountDigits("10.120000", "USDT")).toBe("10.12");
    expect(amountDigits("1000.000000", "USDT")).toBe("1000.00");
    expect(amountDigits("0.00120000", "BTC")).toBe("0.00120000");
  });

  it("shows every amount a person reads by the display rule (spec §5), truncating a finer one", () => {
    expect(amountDigits("99.176000", "USDT")).toBe("99.17");
    expect(formatMoney("994.673715", "USDT")).toBe("994.67 USDT");
    expect(formatMoney("0.207446587892598097", "ETH")).toBe("0.20744658 ETH");
    expect(formatMoney("12.5", "TRX")).toBe("12.50000000 TRX");
  });

  it("asks at most the balance, in the shown decimals, for the most a customer may pay", () => {
    expect(maxAmountDigits(994_673_715n, "USDT")).toBe("994.67");
    expect(maxAmountDigits(12_500_000n, "TRX")).toBe("12.5");
    expect(maxAmountDigits(207_446_587_892_598_097n, "ETH")).toBe("0.20744658");
  });
});
