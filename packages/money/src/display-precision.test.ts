import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currencyCodes } from "./currencies.ts";
import { displayStep, roundToDisplay } from "./display-precision.ts";

describe("displayStep", () => {
  it.each([
    ["ETH", 10n ** 10n],
    ["DAI", 10n ** 16n],
    ["USDT", 10_000n],
    ["SOL", 10n],
    ["BTC", 1n],
    ["TRX", 1n],
    ["EUR", 1n],
    ["KRW", 1n],
  ] as const)("%s steps by %s minor units", (code, step) => {
    expect(displayStep(code)).toBe(step);
  });
});

describe("roundToDisplay", () => {
  it("rounds what is paid up and what is received down, to the shown decimals", () => {
    expect(roundToDisplay(10_123_000n, "USDT", "up")).toBe(10_130_000n);
    expect(roundToDisplay(10_123_000n, "USDT", "down")).toBe(10_120_000n);
    expect(roundToDisplay(207_446_587_892_598_097n, "ETH", "down")).toBe(207_446_580_000_000_000n);
    expect(roundToDisplay(207_446_587_892_598_097n, "ETH", "up")).toBe(207_446_590_000_000_000n);
    expect(roundToDisplay(10_120_000n, "USDT", "up")).toBe(10_120_000n);
    expect(roundToDisplay(1n, "EUR", "up")).toBe(1n);
  });

  it("property: the result is a whole step, on the asked side, less than a step away", () => {
    const input = fc.tuple(
      fc.constantFrom(...currencyCodes),
      fc.bigInt({ min: 0n, max: 10n ** 27n }),
      fc.constantFrom("up" as const, "down" as const),
    );
    fc.assert(
      fc.property(input, ([code, minor, direction]) => {
        const step = displayStep(code);
        const rounded = roundToDisplay(minor, code, direction);
        expect(rounded % step).toBe(0n);
        expect(direction === "up" ? rounded >= minor : rounded <= minor).toBe(true);
        expect((rounded > minor ? rounded - minor : minor - rounded) < step).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
