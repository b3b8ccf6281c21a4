import { describe, expect, it } from "vitest";
import { totalFeePercent } from "./card-fee.ts";

describe("totalFeePercent: the one fee a customer reads", () => {
  it("adds the card's fees exactly", () => {
    expect(totalFeePercent({ clientMarkUpFee: "1.00", supplierFee: "0.50", vaultFee: "0.25" })).toBe("1.75");
    // 0.1 + 0.2 in floating point is 0.30000000000000004.
    expect(totalFeePercent({ a: "0.1", b: "0.2", c: "0" })).toBe("0.30");
    expect(totalFeePercent({ a: "0.125", b: "0.5", c: "2" })).toBe("2.625");
    expect(totalFeePercent({ a: "0.00", b: "0.00", c: "0.00" })).toBe("0.00");
  });
});
