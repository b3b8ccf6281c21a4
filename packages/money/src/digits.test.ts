import { describe, expect, it } from "vitest";
import { splitUnits } from "./digits.ts";

describe("splitUnits", () => {
  it("gives no fraction digits at all for zero decimals", () => {
    expect(splitUnits(5n, 0)).toEqual({ negative: false, integer: "5", fraction: "" });
    expect(splitUnits(-5n, 0)).toEqual({ negative: true, integer: "5", fraction: "" });
  });

  it("pads the fraction on the left to exactly the decimals asked for", () => {
    expect(splitUnits(1205n, 3)).toEqual({ negative: false, integer: "1", fraction: "205" });
    expect(splitUnits(-7n, 3)).toEqual({ negative: true, integer: "0", fraction: "007" });
  });
});
