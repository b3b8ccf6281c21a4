import type { ApplyOperationInput, Leg } from "../ledger.types.ts";
import { seededRandom } from "./seeded-random.ts";

// The load of the crash test: operations that can never be refused, whatever order they run in
// (every account holds far more than all its debits together), so the final balances are known.

export type CrashPlan = { merchantId: string; accounts: string[]; operations: number; seed: number };

export const CRASH_FUNDS = 1_000_000n;

export function crashOperation(plan: CrashPlan, index: number): ApplyOperationInput {
  const random = seededRandom(plan.seed * 100_003 + index);
  const pick = () => plan.accounts[Math.floor(random() * plan.accounts.length)] as string;
  const from = pick();
  let to = pick();
  while (to === from) to = pick();
  const amount = BigInt(1 + Math.floor(random() * 100));
  const legs: Leg[] = [{ debit: { accountId: from }, credit: { accountId: to }, amount, currency: "EUR" }];
  if (random() < 0.3)
    legs.push({ debit: { accountId: from }, credit: { house: "fee_income" }, amount: 1n, currency: "EUR" });
  return {
    merchantId: plan.merchantId,
    idempotencyKey: `test:crash:${plan.seed}:${index}`,
    requestHash: `crash:${index}`,
    kind: "sandbox_credit" as const,
    legs,
    buildResponse: (r) => ({ transfers: r.transfers.map((t) => t.id) }),
  };
}

/** Balances after every operation of the plan applied exactly once. */
export function expectedBalances(plan: CrashPlan): Map<string, bigint> {
  const balances = new Map(plan.accounts.map((a) => [a, CRASH_FUNDS]));
  for (let i = 0; i < plan.operations; i++) {
    for (const leg of crashOperation(plan, i).legs) {
      if (leg.type === "post_pending" || leg.type === "void_pending" || leg.type === "expire_pending")
        continue;
      if ("accountId" in leg.debit)
        balances.set(leg.debit.accountId, (balances.get(leg.debit.accountId) ?? 0n) - leg.amount);
      if ("accountId" in leg.credit)
        balances.set(leg.credit.accountId, (balances.get(leg.credit.accountId) ?? 0n) + leg.amount);
    }
  }
  return balances;
}
