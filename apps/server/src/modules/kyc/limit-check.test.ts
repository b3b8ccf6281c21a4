import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkLimit, remainingOf } from "./limit-check.ts";

const limit = { perTransaction: 100_000n, daily: 500_000n, monthly: 2_000_000n };
const none = { daily: 0n, monthly: 0n };

describe("limit check", () => {
  it("allows an amount within every bound, up to the per-transaction limit exactly", () => {
    expect(checkLimit(limit, none, 100_000n)).toEqual({ ok: true });
  });

  it("names the first bound broken, with what is left now", () => {
    expect(checkLimit(limit, none, 100_001n)).toEqual({
      ok: false,
      reason: "PER_TRANSACTION_LIMIT",
      limit: 100_000n,
      remaining: 100_000n,
    });
    expect(checkLimit(limit, { daily: 450_000n, monthly: 450_000n }, 60_000n)).toEqual({
      ok: false,
      reason: "DAILY_LIMIT",
      limit: 500_000n,
      remaining: 50_000n,
    });
    expect(checkLimit(limit, { daily: 0n, monthly: 1_990_000n }, 20_000n)).toEqual({
      ok: false,
      reason: "MONTHLY_LIMIT",
      limit: 2_000_000n,
      remaining: 10_000n,
    });
  });

  it("allows exactly what is left of the day and of the month, and not one unit more", () => {
    const day = { daily: 450_000n, monthly: 450_000n };
    expect(checkLimit(limit, day, 50_000n)).toEqual({ ok: true });
    expect(checkLimit(limit, day, 50_001n)).toMatchObject({ ok: false, reason: "DAILY_LIMIT" });
    const month = { daily: 0n, monthly: 1_990_000n };
    expect(checkLimit(limit, month, 10_000n)).toEqual({ ok: true });
    expect(checkLimit(limit, month, 10_001n)).toMatchObject({ ok: false, reason: "MONTHLY_LIMIT" });
  });

  it("says nothing is left, never a negative amount, once usage went past a bound", () => {
    // A lowered limit can leave usage above it.
    const over = { daily: 600_000n, monthly: 2_100_000n };
    expect(remainingOf(limit, over)).toEqual({ daily: 0n, monthly: 0n, now: 0n });
    expect(checkLimit(limit, over, 1n)).toEqual({
      ok: false,
      reason: "DAILY_LIMIT",
      limit: 500_000n,
      remaining: 0n,
    });
  });

  it("asks for a higher level where the level allows nothing", () => {
    expect(checkLimit(undefined, none, 1n)).toMatchObject({ ok: false, reason: "KYC_REQUIRED" });
    expect(checkLimit({ perTransaction: 0n, daily: 0n, monthly: 0n }, none, 1n)).toMatchObject({
      reason: "KYC_REQUIRED",
    });
  });

  it("never lets usage plus an allowed amount pass a bound, and allows exactly what it says remains", () => {
    const amount = fc.bigInt({ min: 1n, max: 3_000_000n });
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2_500_000n }),
        fc.bigInt({ min: 0n, max: 2_500_000n }),
        amount,
        (d, m, a) => {
          const used = { daily: d, monthly: d > m ? d : m };
          const result = checkLimit(limit, used, a);
          const left = remainingOf(limit, used).now;
          if (result.ok) {
            expect(a).toBeLessThanOrEqual(limit.perTransaction);
            expect(used.daily + a).toBeLessThanOrEqual(limit.daily);
            expect(used.monthly + a).toBeLessThanOrEqual(limit.monthly);
          }
          expect(result.ok).toBe(a <= left);
        },
      ),
    );
  });
});
