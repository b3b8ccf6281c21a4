import { describe, expect, it } from "vitest";
import { normalizeAmountInput } from "./amount-input-rules.ts";

describe("normalizeAmountInput (spec §5)", () => {
  it("accepts up to 9 integer digits and refuses a 10th", () => {
    expect(normalizeAmountInput("123456789")).toBe("123456789");
    expect(normalizeAmountInput("1234567890")).toBeNull();
    expect(normalizeAmountInput("123456789.5")).toBe("123456789.5");
    expect(normalizeAmountInput("1234567890.5")).toBeNull();
  });

  it("accepts zeros inside or after other digits: only a value starting with repeated zeros is refused", () => {
    expect(normalizeAmountInput("100")).toBe("100");
    expect(normalizeAmountInput("1005")).toBe("1005");
    expect(normalizeAmountInput("100000000")).toBe("100000000");
    expect(normalizeAmountInput("1.005")).toBe("1.005");
    expect(normalizeAmountInput("000.5")).toBeNull();
  });

  it("gives back an empty value for an emptied field", () => {
    expect(normalizeAmountInput("")).toBe("");
    expect(normalizeAmountInput("  ")).toBe("");
  });

  it("drops spaces wherever they are typed or pasted", () => {
    expect(normalizeAmountInput("1 000")).toBe("1000");
    expect(normalizeAmountInput(" 2.5\t")).toBe("2.5");
  });

  it("accepts up to 8 decimals and refuses a 9th", () => {
    expect(normalizeAmountInput("0.12345678")).toBe("0.12345678");
    expect(normalizeAmountInput("0.123456789")).toBeNull();
  });

  it("accepts only 6 decimals in the alternate mode", () => {
    expect(normalizeAmountInput("1.123456", { alternate: true })).toBe("1.123456");
    expect(normalizeAmountInput("1.1234567", { alternate: true })).toBeNull();
    expect(normalizeAmountInput("1.12345678", { alternate: false })).toBe("1.12345678");
  });

  it("refuses a value of only repeated zeros", () => {
    expect(normalizeAmountInput("00")).toBeNull();
    expect(normalizeAmountInput("000")).toBeNull();
    expect(normalizeAmountInput("0")).toBe("0");
    expect(normalizeAmountInput("0.05")).toBe("0.05");
  });

  it("prefixes a leading '.' with '0'", () => {
    expect(normalizeAmountInput(".5")).toBe("0.5");
    expect(normalizeAmountInput(".")).toBe("0.");
  });

  it("refuses letters, signs and a second decimal point", () => {
    expect(normalizeAmountInput("1e5")).toBeNull();
    expect(normalizeAmountInput("-1")).toBeNull();
    expect(normalizeAmountInput("1.2.3")).toBeNull();
  });

  it("reads a comma as the decimal point and drops a leading zero before a digit", () => {
    expect(normalizeAmountInput("1,5")).toBe("1.5");
    expect(normalizeAmountInput("05")).toBe("5");
  });

  it("keeps the value a string, so precision beyond a double survives", () => {
    expect(normalizeAmountInput("999999999.99999999")).toBe("999999999.99999999");
  });
});
