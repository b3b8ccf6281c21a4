import { describe, expect, it } from "vitest";
import { formatLimit, isZero, usedPercent } from "./limit-amounts.ts";

describe("limit amounts", () => {
  it("formats decimal strings in the merchant's currency, exactly", () => {
    expect(formatLimit("1000.00", "EUR")).toBe("€1,000.00");
    expect(formatLimit("150000.00", "USD")).toBe("$150,000.00");
    expect(formatLimit("0.00", "EUR")).toBe("€0.00");
  });

  it("shows what it cannot read as it came", () => {
    expect(formatLimit("12.50", "XYZ")).toBe("12.50 XYZ");
    expect(formatLimit("1e3", "EUR")).toBe("1e3 EUR");
  });

  it("tells a zero limit, and the share used", () => {
    expect(isZero("0.00", "EUR")).toBe(true);
    expect(isZero("0.01", "EUR")).toBe(false);
    expect(usedPercent("1000.00", "5000.00", "EUR")).toBe(20);
    expect(usedPercent("6000.00", "5000.00", "EUR")).toBe(100);
    expect(usedPercent("0.00", "0.00", "EUR")).toBe(0);
  });
});
