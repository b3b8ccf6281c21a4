import { isCurrencyCode, parseAmount } from "@kestrel/money";
import { readAmount } from "../../lib/format/money.ts";

export type SendAmounts =
  | { ok: true; amount: bigint; fee: bigint; total: bigint }
  | { ok: false; reason: "amount" | "exceeds" };

/**
 * What a send takes from the wallet: the typed amount (spec §5 rules, not zero) plus the fee, and
 * whether that fits in the available balance. Exact: bigint minor units, never floating point.
 */
export function computeSend(amount: string, fee: string, available: string, currency: string): SendAmounts {
  if (!isCurrencyCode(currency)) return { ok: false, reason: "amount" };
  const parsed = parseAmount(amount, currency, { allowZero: false });
  if (!parsed.ok) return { ok: false, reason: "amount" };
  const feeMinor = readAmount(fee, currency) ?? 0n;
  const total = parsed.minor + feeMinor;
  if (total > (readAmount(available, currency) ?? 0n)) return { ok: false, reason: "exceeds" };
  return { ok: true, amount: parsed.minor, fee: feeMinor, total };
}
