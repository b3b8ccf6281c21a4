// The server's one rounding rule (docs/earn.md), for the simulator: interest accrues daily,
// Actual/365, I(days) = floor(principal × rateBp × days / 3,650,000) in minor units.

const DAY_MS = 86_400_000;

/** "4.50" (percent a year) → 450 hundredths of a percent. */
function rateBp(percents: string): number {
  const [whole = "0", frac = ""] = percents.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0").slice(0, 2));
}

/** Days from `from` to the same time `months` calendar months later (UTC; 31st → month's end). */
function termDays(from: Date, months: number): number {
  const end = new Date(from);
  const lastDay = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months + 1, 0)).getUTCDate();
  end.setUTCFullYear(
    from.getUTCFullYear(),
    from.getUTCMonth() + months,
    Math.min(from.getUTCDate(), lastDay),
  );
  return Math.round((end.getTime() - from.getTime()) / DAY_MS);
}

/** Interest on `principal` minor units over `days`, rounded down to the minor unit. */
function interest(principal: bigint, bp: number, days: number): bigint {
  return (principal * BigInt(bp) * BigInt(days)) / 3_650_000n;
}

export type Outcome = { atMaturity: bigint; onEarlyClose: bigint };

/**
 * What a deposit of `principal` pays back (principal included) at maturity, and when closed
 * after `closeAfterMonths` (spec §4: FIX early returns the principal, FLEX adds the profit to date).
 */
export function simulate(
  principal: bigint,
  term: { productType: "FIX" | "FLEX"; months: number; percents: string },
  closeAfterMonths: number,
  from: Date,
): Outcome {
  const bp = rateBp(term.percents);
  const atMaturity = principal + interest(principal, bp, termDays(from, term.months));
  const early = term.productType === "FLEX" ? interest(principal, bp, termDays(from, closeAfterMonths)) : 0n;
  return { atMaturity, onEarlyClose: principal + early };
}
