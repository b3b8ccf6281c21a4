// The one rounding rule of earn interest (docs/earn.md), in integers of the currency's minor unit.
//
// Interest accrues daily on the principal at a yearly rate, Actual/365: a day is a calendar day
// since opening (a leap year's 29 February is a day like any other), a year 365 of them. What has
// accrued through day k is the closed form
//
//     I(k) = floor(principal × rateBp × k / (10 000 × 365))
//
// and an accrual for days (from, to] credits I(to) − I(from). The sub-unit remainder is never
// lost: it is carried inside I, so however the term is cut into accruals (one a day, or one
// catching up a month) their sum is I(termDays), the closed form at maturity, to the minor unit.

const RATE_SCALE = 10_000n; // rateBp: hundredths of a percent
const DAYS_IN_YEAR = 365n;
const DAY_MS = 86_400_000;

/** Interest accrued through whole day `day` since opening (the closed form). */
export function interestThrough(principal: bigint, rateBp: number, day: number): bigint {
  if (principal < 0n || !Number.isInteger(rateBp) || rateBp < 0 || !Number.isInteger(day) || day < 0) {
    throw new RangeError("principal, rate and day must be non-negative integers");
  }
  return (principal * BigInt(rateBp) * BigInt(day)) / (RATE_SCALE * DAYS_IN_YEAR);
}

/** What an accrual over days (fromDay, toDay] credits. */
export function accrualBetween(principal: bigint, rateBp: number, fromDay: number, toDay: number): bigint {
  if (toDay < fromDay) throw new RangeError("an accrual cannot go back in time");
  return interestThrough(principal, rateBp, toDay) - interestThrough(principal, rateBp, fromDay);
}

/**
 * The expiry of a deposit opened at `openedAt` for `months` calendar months (UTC; the 31st of a
 * shorter month ends on its last day) and its term in whole days.
 */
export function termOf(openedAt: Date, months: number): { expiresAt: Date; termDays: number } {
  if (!Number.isInteger(months) || months < 1) throw new RangeError("months must be a positive integer");
  const year = openedAt.getUTCFullYear();
  const month = openedAt.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const expiresAt = new Date(openedAt);
  expiresAt.setUTCFullYear(year, month, Math.min(openedAt.getUTCDate(), lastDay));
  // UTC has no daylight saving: the same time of day, a whole number of days later.
  return { expiresAt, termDays: Math.round((expiresAt.getTime() - openedAt.getTime()) / DAY_MS) };
}

/** Whole days from `openedAt` to `at`, within the term. */
export function elapsedDays(openedAt: Date, at: Date, termDays: number): number {
  const days = Math.floor((at.getTime() - openedAt.getTime()) / DAY_MS);
  return Math.max(0, Math.min(termDays, days));
}

/** Hundredths of a percent as the API's percents, "4.50". */
export function formatPercents(rateBp: number): string {
  return `${Math.trunc(rateBp / 100)}.${String(rateBp % 100).padStart(2, "0")}`;
}
