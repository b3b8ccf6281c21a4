import { describe, expect, it } from "vitest";
import { maskCardNumber } from "./card-mask.ts";

describe("maskCardNumber (spec §9)", () => {
  it.each([
    ["medium", "4242 •••• 4242"],
    ["large", "4242 •• 4242"],
    ["short", "•• 4242"],
    ["full", "•••• •••• •••• 4242"],
  ] as const)("shows %s as %j", (mask, expected) => {
    expect(maskCardNumber("424242******4242", mask)).toBe(expected);
  });

  it("reads the issuer's masked forms and shows the medium mask by default", () => {
    expect(maskCardNumber("400000******3220")).toBe("4000 •••• 3220");
    expect(maskCardNumber("4000 00** **** 3220")).toBe("4000 •••• 3220");
  });

  it("falls back to the short mask when only the last four digits are known", () => {
    expect(maskCardNumber("****3220")).toBe("•• 3220");
  });

  it("shows the word internal as Internal", () => {
    expect(maskCardNumber("internal")).toBe("Internal");
  });

  it("refuses a number without its last four digits", () => {
    expect(() => maskCardNumber("***")).toThrow(RangeError);
  });
});
