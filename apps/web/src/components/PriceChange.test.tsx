import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { usePriceChange } from "./PriceChange.tsx";

describe("usePriceChange", () => {
  it("reports a new figure for the same request, with the one it replaced", () => {
    const { result, rerender } = renderHook(({ basis, figure }) => usePriceChange(basis, figure), {
      initialProps: { basis: "100 USDT", figure: undefined as string | undefined },
    });
    expect(result.current).toBeUndefined();
    rerender({ basis: "100 USDT", figure: "€89.25" });
    expect(result.current).toBeUndefined();
    // A renewal while the same figure holds is no change; one between quotes (loading) neither.
    rerender({ basis: "100 USDT", figure: "€89.25" });
    rerender({ basis: "100 USDT", figure: undefined });
    expect(result.current).toBeUndefined();
    rerender({ basis: "100 USDT", figure: "€90.24" });
    expect(result.current).toEqual({ previous: "€89.25", current: "€90.24" });
  });

  it("starts afresh when the customer changes what they ask for: that change is theirs", () => {
    const { result, rerender } = renderHook(({ basis, figure }) => usePriceChange(basis, figure), {
      initialProps: { basis: "100 USDT", figure: "€89.25" as string | undefined },
    });
    rerender({ basis: "200 USDT", figure: undefined });
    rerender({ basis: "200 USDT", figure: "€178.50" });
    expect(result.current).toBeUndefined();
  });
});

describe("usePriceChange with the basis read off the offer", () => {
  it("keeps what it saw while no offer is on screen, and reports the next one's change", () => {
    const { result, rerender } = renderHook(({ basis, figure }) => usePriceChange(basis, figure), {
      initialProps: {
        basis: "USDT 5.00 EUR" as string | undefined,
        figure: "5.48 USDT" as string | undefined,
      },
    });
    rerender({ basis: undefined, figure: undefined });
    rerender({ basis: "USDT 5.00 EUR", figure: "5.51 USDT" });
    expect(result.current).toEqual({ previous: "5.48 USDT", current: "5.51 USDT" });
    // Another currency chosen: the customer's change, not a new price.
    rerender({ basis: undefined, figure: undefined });
    rerender({ basis: "BTC 5.00 EUR", figure: "0.00008699 BTC" });
    expect(result.current).toBeUndefined();
  });
});
