export type Limit = { perTransaction: bigint; daily: bigint; monthly: bigint };
export type LimitReason = "KYC_REQUIRED" | "PER_TRANSACTION_LIMIT" | "DAILY_LIMIT" | "MONTHLY_LIMIT";

const min = (...values: bigint[]) => values.reduce((a, b) => (b < a ? b : a));
const atLeastZero = (v: bigint) => (v < 0n ? 0n : v);

/** What is left of a limit given the usage of the last 24 hours and 30 days. */
export function remainingOf(limit: Limit, used: { daily: bigint; monthly: bigint }) {
  const daily = atLeastZero(limit.daily - used.daily);
  const monthly = atLeastZero(limit.monthly - used.monthly);
  return { daily, monthly, now: min(limit.perTransaction, daily, monthly) };
}

/**
 * Whether one more operation of `amount` fits. A level without any allowance for the operation
 * (no row, or zero) is KYC_REQUIRED: a higher level is the way forward, not a smaller amount.
 * Otherwise the first bound it breaks names the reason, with what is left now.
 */
export function checkLimit(
  limit: Limit | undefined,
  used: { daily: bigint; monthly: bigint },
  amount: bigint,
): { ok: true } | { ok: false; reason: LimitReason; limit: bigint; remaining: bigint } {
  if (!limit || limit.perTransaction === 0n)
    return { ok: false, reason: "KYC_REQUIRED", limit: 0n, remaining: 0n };
  const remaining = remainingOf(limit, used);
  if (amount > limit.perTransaction) {
    return {
      ok: false,
      reason: "PER_TRANSACTION_LIMIT",
      limit: limit.perTransaction,
      remaining: remaining.now,
    };
  }
  if (amount > remaining.daily)
    return { ok: false, reason: "DAILY_LIMIT", limit: limit.daily, remaining: remaining.now };
  if (amount > remaining.monthly) {
    return { ok: false, reason: "MONTHLY_LIMIT", limit: limit.monthly, remaining: remaining.now };
  }
  return { ok: true };
}
