import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type pg from "pg";
import { createBoundedCache } from "../../bounded-cache.ts";
import type { Db } from "../../db/database.ts";
import { type KycStatus, kycLimits, kycUsage } from "../../db/schema/index.ts";
import type { CompanionCall } from "../ledger/ledger.types.ts";
import type { NewLimitRow } from "./kyc-limits.seed.ts";

export type LimitRow = typeof kycLimits.$inferSelect;
export type Used = { daily: bigint; monthly: bigint };

/** Anything that runs a query: a pool (one statement, its own transaction) or a transaction's client. */
export type SqlClient = Pick<pg.PoolClient, "query">;

export type UsageRecord = {
  id: string;
  merchantId: string;
  customerId: string;
  operationType: string;
  /** Minor units of `currency`, the merchant's fiat currency. */
  amount: bigint;
  currency: string;
  reference: string;
  /** The state the limits below were chosen for; the record is refused as `stale` otherwise. */
  level: string;
  status: KycStatus;
  daily: bigint;
  monthly: bigint;
  /** Make the customer's KYC row with `level`/`status` when it is missing. */
  create: boolean;
};

export type UsageOutcome =
  | { outcome: "recorded" | "repeated" }
  | { outcome: "refused"; used: Used }
  | { outcome: "stale"; level: string; status: KycStatus }
  | { outcome: "no_state" };

/**
 * Checks and records one operation's usage in one statement of its own (kyc_record_usage_alongside,
 * migration 0019, the same function a ledger operation calls as its companion): under the
 * customer's KYC row lock, so two operations of one customer racing for the last of a limit take
 * turns and the second sees the first's usage. Inside a transaction, an outcome other than
 * recorded or repeated has aborted it: the caller refuses and rolls back.
 */
export async function recordUsageSql(client: SqlClient, r: UsageRecord, now: Date): Promise<UsageOutcome> {
  try {
    const { rows } = await client.query<{ outcome: "recorded" | "repeated" }>({
      name: "kyc_record_usage_alongside",
      text: "select kyc_record_usage_alongside($1) as outcome",
      values: [JSON.stringify(usageCompanion(r, now).args)],
    });
    const outcome = rows[0]?.outcome;
    if (outcome !== "recorded" && outcome !== "repeated") {
      throw new Error(`kyc_record_usage_alongside answered ${String(outcome)}`);
    }
    return { outcome };
  } catch (err) {
    const raised = usageOutcomeOfError(err);
    if (raised) return raised;
    throw err;
  }
}

/**
 * The same record as a companion of a ledger operation's statement: it raises instead of
 * answering; `usageOutcomeOfError` reads the raise.
 */
export function usageCompanion(r: UsageRecord, now: Date): CompanionCall {
  return {
    fn: "kyc_record_usage_alongside",
    args: {
      id: r.id,
      merchantId: r.merchantId,
      customerId: r.customerId,
      operationType: r.operationType,
      amount: String(r.amount),
      currency: r.currency,
      reference: r.reference,
      now: now.toISOString(),
      dayAgo: new Date(now.getTime() - DAY_MS).toISOString(),
      monthAgo: new Date(now.getTime() - 30 * DAY_MS).toISOString(),
      level: r.level,
      status: r.status,
      daily: String(r.daily),
      monthly: String(r.monthly),
      create: r.create,
    },
  };
}

/** SQLSTATE of kyc_record_usage_alongside's refusals (migrations 0012, 0019). */
const USAGE_SQLSTATE = "KY001";

/** The outcome a companion usage record raised, or undefined for any other error. */
export function usageOutcomeOfError(err: unknown): UsageOutcome | undefined {
  const e = err as { code?: unknown; message?: unknown; detail?: unknown } | null;
  if (e?.code !== USAGE_SQLSTATE || typeof e.detail !== "string") return undefined;
  const d = JSON.parse(e.detail) as {
    level: string | null;
    status: KycStatus | null;
    usedDaily: string;
    usedMonthly: string;
  };
  return toOutcome(String(e.message) as UsageOutcome["outcome"], {
    level: d.level,
    status: d.status,
    used_daily: d.usedDaily,
    used_monthly: d.usedMonthly,
  });
}

function toOutcome(
  outcome: UsageOutcome["outcome"],
  row: { level: string | null; status: KycStatus | null; used_daily: string; used_monthly: string },
): UsageOutcome {
  switch (outcome) {
    case "refused":
      return { outcome, used: { daily: BigInt(row.used_daily), monthly: BigInt(row.used_monthly) } };
    case "stale":
      return { outcome, level: row.level as string, status: row.status as KycStatus };
    case "recorded":
    case "repeated":
    case "no_state":
      return { outcome };
    default:
      throw new Error(`kyc_record_usage_alongside raised an unknown outcome: ${String(outcome)}`);
  }
}

const DAY_MS = 24 * 3600 * 1000;

/** Sums of the customer's unreleased usage of one operation over the last 24 hours and 30 days. */
async function usedIn(
  ex: Db,
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
  const limitsCache = createBoundedCache<string, LimitRow[]>({ max: 1_000, ttlMs: 5_000 });
  return {
    listLimits(merchantId: string): Promise<LimitRow[]> {
      return db.select().from(kycLimits).where(eq(kycLimits.merchantId, merchantId));
    },
    usedAmount: (q: { merchantId: string; customerId: string; operationType: string }, now: Date) =>
      usedIn(db, q, now),
    /** The limits of a merchant, from a per-instance cache (they change by configuration only). */
    async cachedLimits(merchantId: string): Promise<LimitRow[]> {
      const hit = limitsCache.get(merchantId);
      if (hit) return hit;
      const rows = await db.select().from(kycLimits).where(eq(kycLimits.merchantId, merchantId));
      limitsCache.set(merchantId, rows);
      return rows;
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
