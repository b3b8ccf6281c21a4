import { describe, expect, it } from "vitest";
import { displayRate } from "./rate.ts";

describe("displayRate", () => {
  it("cuts a rate to 8 significant digits without rounding up, trailing zeros dropped", () => {
    expect(displayRate("0.9231030725")).toBe("0.92310307");
    expect(displayRate("61234.5678901234")).toBe("61234.567");
    expect(displayRate("0.0000017123456789")).toBe("0.0000017123456");
    expect(displayRate("0.9")).toBe("0.9");
    expect(displayRate("123456789.5")).toBe("123456789");
  });
});
