import { describe, expect, it } from "vitest";
import { printAmount, printCardNumber, printDay, printMoment, printMoney } from "./print-format.ts";

// What a PDF prints by the display rule of amounts (spec §5) and the spec's date formats (§9).
describe("printed amounts", () => {
  it("prints minor units by the display rule of their currency, without a unit", () => {
    expect(printAmount(100_000n, "EUR")).toBe("1,000.00");
    expect(printAmount(-1_250n, "EUR")).toBe("-12.50");
    expect(printAmount(20_744_658n, "BTC")).toBe("0.20744658");
  });

  it("prints a currency it does not know as the bare minor units", () => {
    expect(printAmount(1_234n, "XYZ")).toBe("1234");
  });

  it("prints a wire decimal with its code, signed; a value or currency it cannot read as sent", () => {
    expect(printMoney("12.5", "EUR")).toBe("12.50 EUR");
    expect(printMoney("-3", "EUR")).toBe("-3.00 EUR");
    expect(printMoney("12.5", "XYZ")).toBe("12.5 XYZ");
    expect(printMoney("twelve", "EUR")).toBe("twelve EUR");
    // More integer digits than a wire amount may have: kept as sent, never rounded.
    expect(printMoney("1".repeat(28), "EUR")).toBe(`${"1".repeat(28)} EUR`);
  });
});

describe("printed dates and cards", () => {
  it("prints a moment in UTC and says so, a day in words", () => {
    expect(printMoment("2026-12-07T15:02:00Z")).toBe("7 December 2026, 15:02 UTC");
    expect(printMoment(new Date("2026-12-31T23:59:00Z"))).toBe("31 December 2026, 23:59 UTC");
    expect(printDay("2026-12-31")).toBe("31 December 2026");
  });

  it("masks an issuer's masked card number the spec's way and leaves anything else alone", () => {
    const masked = printCardNumber("424242******4242");
    expect(masked).toBeDefined();
    expect(masked).toMatch(/4242$/);
    expect(masked).not.toContain("424242");
    expect(printCardNumber("4242 42** **** 4242")).toBe(masked);
    expect(printCardNumber("4242••••4242")).toBeDefined();
    expect(printCardNumber("4242424242424242")).toBeUndefined();
    expect(printCardNumber("DE89370400440532013000")).toBeUndefined();
    expect(printCardNumber("x424242******4242")).toBeUndefined();
    expect(printCardNumber("424242******4242x")).toBeUndefined();
  });
});
