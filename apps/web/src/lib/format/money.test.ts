import { describe, expect, it } from "vitest";
import { formatMoney, readAmount, toWire } from "./money.ts";

describe("wallet money", () => {
  it("reads decimal strings exactly and formats them", () => {
    expect(readAmount("0.1", "BTC")).toBe(10_000_000n);
    expect(formatMoney("1234.5", "EUR")).toBe("€1,234.50");
    expect(formatMoney("0.0012", "BTC")).toBe("0.00120000 BTC");
    expect(formatMoney("1.5", "XYZ")).toBe("1.5 XYZ");
    expect(toWire(150n, "EUR")).toBe("1.50");
  });
});
