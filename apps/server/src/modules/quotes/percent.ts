// Fee percents travel and are stored as decimal strings ("0.5" means 0.5 %) and are computed as
// whole basis points (0.5 % = 50 bp). Two decimals of a percent is exactly one basis point, so a
// finer percent ("0.125") cannot be held and is refused rather than silently rounded.

export const BPS_PER_WHOLE = 10_000n;
const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

export type PercentParse = { ok: true; bps: bigint } | { ok: false; message: string };

/** "0.5" → 50n; a percent must be a plain decimal with at most 2 decimals, below 100. */
export function parsePercentBps(value: string): PercentParse {
  if (typeof value !== "string") return { ok: false, message: "must be a decimal string like 0.5" };
  if (/^\d+\.\d{3,}$/.test(value)) {
    return { ok: false, message: "must have at most 2 decimal places (one basis point is 0.01%)" };
  }
  const match = PERCENT.exec(value);
  if (match === null) return { ok: false, message: "must be a decimal string like 0.5" };
  const bps = BigInt(match[1] ?? "0") * 100n + BigInt((match[2] ?? "").padEnd(2, "0"));
  // 100 % or more leaves nothing to convert: a configuration error, never a price.
  if (bps >= BPS_PER_WHOLE) return { ok: false, message: "must be below 100" };
  return { ok: true, bps };
}

/** 50n → "0.50": the spec's fee display, a percent with exactly 2 places (spec §9). */
export function formatBps(bps: bigint): string {
  if (bps < 0n) throw new RangeError("basis points must not be negative");
  return `${bps / 100n}.${(bps % 100n).toString().padStart(2, "0")}`;
}
