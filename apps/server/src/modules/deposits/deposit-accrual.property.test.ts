import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accrualBetween, elapsedDays, interestThrough, termOf } from "./deposit-accrual.ts";

/** A principal with a random number of digits (ETH has 18 decimals), so both ends come up. */
const principal = fc.integer({ min: 1, max: 30 }).chain((d) => fc.bigInt({ min: 1n, max: 10n ** BigInt(d) }));
const rateBp = fc.integer({ min: 1, max: 10_000 });
const termDays = fc.integer({ min: 1, max: 3_660 });
/** Instants between 2000 and 2100, to the millisecond. */
const instant = fc.integer({ min: 946_684_800_000, max: 4_102_444_800_000 }).map((ms) => new Date(ms));

/** Cut points of (0, days]: how a worker's runs may split a term (daily, or catching up). */
const cuts = (days: number) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: days }), { maxLength: Math.min(days, 60) })
    .map((points) => [0, ...points.filter((p) => p < days).sort((a, b) => a - b), days]);

describe("earn accrual: the one rounding rule", () => {
  it("adds up to the closed form however the term is cut into accruals", () => {
    fc.assert(
      fc.property(
        principal,
        rateBp,
        termDays.chain((d) => fc.tuple(fc.constant(d), cuts(d))),
        (p, r, [d, at]) => {
          let sum = 0n;
          for (let i = 1; i < at.length; i++)
            sum += accrualBetween(p, r, at[i - 1] as number, at[i] as number);
          expect(sum).toBe(interestThrough(p, r, d));
        },
      ),
    );
  });

  it("credits each day the exact daily interest rounded down or up, never a negative amount", () => {
    fc.assert(
      fc.property(principal, rateBp, termDays, (p, r, d) => {
        const day = accrualBetween(p, r, d - 1, d);
        const exactFloor = (p * BigInt(r)) / 3_650_000n;
        expect(day === exactFloor || day === exactFloor + 1n).toBe(true);
        expect(day >= 0n).toBe(true);
      }),
    );
  });

  it("never credits more than the exact rational interest, and less by under one minor unit", () => {
    fc.assert(
      fc.property(principal, rateBp, termDays, (p, r, d) => {
        const numerator = p * BigInt(r) * BigInt(d);
        const interest = interestThrough(p, r, d);
        expect(interest * 3_650_000n <= numerator).toBe(true);
        expect((interest + 1n) * 3_650_000n > numerator).toBe(true);
      }),
    );
  });

  it("pays exactly the yearly rate on a 365-day term when the rate divides evenly", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 24n }), rateBp, (units, r) => {
        const p = units * 10_000n; // a principal of whole hundredths makes p × rate / 10 000 exact
        expect(interestThrough(p, r, 365)).toBe((p * BigInt(r)) / 10_000n);
      }),
    );
  });

  it("grows with the days and the principal", () => {
    fc.assert(
      fc.property(principal, principal, rateBp, termDays, termDays, (p1, p2, r, d1, d2) => {
        const [lo, hi] = p1 <= p2 ? [p1, p2] : [p2, p1];
        const [a, b] = d1 <= d2 ? [d1, d2] : [d2, d1];
        expect(interestThrough(lo, r, a) <= interestThrough(hi, r, b)).toBe(true);
      }),
    );
  });
});

describe("earn term: calendar months in UTC", () => {
  it("ends the same day of the month (or the month's last day) at the same time, 28 to 31 days a month", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 60 }), (openedAt, months) => {
        const { expiresAt, termDays: days } = termOf(openedAt, months);
        expect(expiresAt.getUTCHours()).toBe(openedAt.getUTCHours());
        expect(expiresAt.getUTCMinutes()).toBe(openedAt.getUTCMinutes());
        const monthIndex = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();
        expect(monthIndex(expiresAt) - monthIndex(openedAt)).toBe(months);
        expect(expiresAt.getUTCDate() <= openedAt.getUTCDate()).toBe(true);
        expect(days).toBe((expiresAt.getTime() - openedAt.getTime()) / 86_400_000);
        expect(days >= 28 * months && days <= 31 * months).toBe(true);
      }),
    );
  });

  it("counts whole days since opening, never below 0 nor past the term", () => {
    fc.assert(
      fc.property(instant, instant, termDays, (openedAt, at, d) => {
        const n = elapsedDays(openedAt, at, d);
        expect(n >= 0 && n <= d).toBe(true);
        if (at.getTime() - openedAt.getTime() >= d * 86_400_000) expect(n).toBe(d);
      }),
    );
  });

  it("knows the leap day: February 2028 has 29 days, 2027's 28", () => {
    expect(termOf(new Date("2028-02-01T09:00:00Z"), 1).termDays).toBe(29);
    expect(termOf(new Date("2027-02-01T09:00:00Z"), 1).termDays).toBe(28);
    expect(termOf(new Date("2028-01-31T09:00:00Z"), 1).expiresAt.toISOString()).toBe(
      "2028-02-29T09:00:00.000Z",
    );
    expect(termOf(new Date("2027-03-10T00:00:00Z"), 12).termDays).toBe(366);
  });
});
