import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { type KycStatus, kycCustomers, kycLimits, kycUsage } from "../../db/schema/index.ts";
import type { NewLimitRow } from "./kyc-limits.seed.ts";

export type LimitRow = typeof kycLimits.$inferSelect;
export type Used = { daily: bigint; monthly: bigint };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const DAY_MS = 24 * 3600 * 1000;

/** Sums of the customer's unreleased usage of one operation over the last 24 hours and 30 days. */
async function usedIn(
  ex: Db | Tx,
  q: { merchantId: string; customerId: string; operationType: string },
  now: Date,
) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [row] = await ex
    .select({
      daily: sql<string>`coalesce(sum(${kycUsage.amount}) filter (where ${kycUsage.createdAt} > ${dayAgo.toISOString()}::timestamptz), 0)`,
      monthly: sql<string>`coalesce(sum(${kycUsage.amount}), 0)`,
    })
    .from(kycUsage)
    .where(
      and(
        eq(kycUsage.merchantId, q.merchantId),
        eq(kycUsage.customerId, q.customerId),
        eq(kycUsage.operationType, q.operationType),
        isNull(kycUsage.releasedAt),
        gt(kycUsage.createdAt, new Date(now.getTime() - 30 * DAY_MS)),
      ),
    );
  return { daily: BigInt(row?.daily ?? 0), monthly: BigInt(row?.monthly ?? 0) };
}

export function createKycLimitsRepository(db: Db) {
  return {
    listLimits(merchantId: string): Promise<LimitRow[]> {
      return db.select().from(kycLimits).where(eq(kycLimits.merchantId, merchantId));
    },
    async findLimit(
      merchantId: string,
      kycLevel: string,
      operationType: string,
    ): Promise<LimitRow | undefined> {
      const [row] = await db
        .select()
        .from(kycLimits)
        .where(
          and(
            eq(kycLimits.merchantId, merchantId),
            eq(kycLimits.kycLevel, kycLevel),
            eq(kycLimits.operationType, operationType),
          ),
        );
      return row;
    },
    usedAmount: (q: { merchantId: string; customerId: string; operationType: string }, now: Date) =>
      usedIn(db, q, now),
    /**
     * Checks and records usage in one transaction holding the customer's KYC row lock: two
     * operations of one customer racing for the last of a limit take turns, and the second sees
     * the first's usage. Other customers never wait (a serializable transaction here made
     * unrelated customers' sends conflict and retry). `decide` throws to refuse.
     */
    recordUsage(
      row: typeof kycUsage.$inferInsert,
      now: Date,
      decide: (used: Used) => void,
      initial: { level: string; status: KycStatus },
    ): Promise<"recorded" | "repeated"> {
      return db.transaction(async (tx) => {
        await tx
          .insert(kycCustomers)
          .values({ merchantId: row.merchantId, customerId: row.customerId, ...initial })
          .onConflictDoNothing();
        await tx.execute(sql`select 1 from kyc_customers
          where customer_id = ${row.customerId} and merchant_id = ${row.merchantId} for update`);
        const existing = await tx
          .select({ id: kycUsage.id })
          .from(kycUsage)
          .where(and(eq(kycUsage.merchantId, row.merchantId), eq(kycUsage.reference, row.reference)));
        if (existing.length > 0) return "repeated";
        decide(await usedIn(tx, row, now));
        await tx.insert(kycUsage).values({ ...row, createdAt: now });
        return "recorded";
      });
    },
    async releaseUsage(merchantId: string, reference: string): Promise<boolean> {
      const released = await db
        .update(kycUsage)
        .set({ releasedAt: new Date() })
        .where(
          and(
            eq(kycUsage.merchantId, merchantId),
            eq(kycUsage.reference, reference),
            isNull(kycUsage.releasedAt),
          ),
        )
        .returning({ id: kycUsage.id });
      return released.length > 0;
    },
    async insertLimitsIfMissing(rows: NewLimitRow[]): Promise<void> {
      if (rows.length > 0) await db.insert(kycLimits).values(rows).onConflictDoNothing();
    },
  };
}

export type KycLimitsRepository = ReturnType<typeof createKycLimitsRepository>;
