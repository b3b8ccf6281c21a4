import { createBoundedCache } from "../../bounded-cache.ts";
import type { KycStatus } from "../../db/schema/index.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";
import type { Level } from "./kyc-state.ts";

/** A merchant's limits of one operation at one KYC level, in minor units of its fiat currency. */
export type LimitRow = {
  merchantId: string;
  kycLevel: string;
  operationType: string;
  perTransaction: bigint;
  daily: bigint;
  monthly: bigint;
};
export type OwnLimit = { operationType: string; perTransaction: bigint; daily: bigint; monthly: bigint };
export type Used = { daily: bigint; monthly: bigint };

export type UsageRecord = {
  id: string;
  merchantId: string;
  customerId: string;
  operationType: string;
  /** Minor units of `currency`, the merchant's fiat currency. */
  amount: bigint;
  currency: string;
  reference: string;
  now: Date;
};

/** The customer's KYC row, locked until the transaction ends, and what became of the usage. */
export type UsageOutcome = { state: { level: Level; status: KycStatus } } & (
  | { outcome: "repeated" }
  | { outcome: "recorded"; usedBefore: Used }
);

/**
 * Locks the customer's KYC row and records one operation's usage, in one statement
 * (db/functions/kyc_record_usage.sql); `undefined` when the customer has no KYC row. The caller
 * judges the level and the limit, and refusing rolls its transaction back, the usage with it.
 */
export async function recordUsageSql(tx: Tx, r: UsageRecord): Promise<UsageOutcome | undefined> {
  const { rows } = await tx.query<{
    r: { outcome: string; level?: Level; status?: KycStatus; usedDaily?: string; usedMonthly?: string };
  }>({
    name: "kyc_record_usage",
    text: "select kyc_record_usage($1, $2, $3, $4, $5, $6, $7, $8) as r",
    values: [
      r.id,
      r.merchantId,
      r.customerId,
      r.operationType,
      String(r.amount),
      r.currency,
      r.reference,
      r.now,
    ],
  });
  const answer = rows[0]?.r;
  if (answer?.outcome === "missing") return undefined;
  if (!answer?.level || !answer.status)
    throw new Error(`kyc_record_usage answered ${JSON.stringify(answer)}`);
  const state = { level: answer.level, status: answer.status };
  if (answer.outcome === "repeated") return { state, outcome: "repeated" };
  if (answer.outcome !== "recorded") throw new Error(`kyc_record_usage answered ${JSON.stringify(answer)}`);
  const usedBefore = { daily: BigInt(answer.usedDaily ?? "0"), monthly: BigInt(answer.usedMonthly ?? "0") };
  return { state, outcome: "recorded", usedBefore };
}

/**
 * Sets a customer's own limits (approving their limit-increase request `requestId`), in the
 * decision's transaction; operations not named keep what they had.
 */
export async function setOwnLimitsSql(
  tx: Tx,
  q: { merchantId: string; customerId: string; requestId: string },
  limits: OwnLimit[],
): Promise<void> {
  if (limits.length === 0) return;
  await tx.query(
    `insert into kyc_customer_limits (merchant_id, customer_id, operation_type, per_transaction, daily, monthly,
       request_id)
     select $1, $2, l.operation_type, l.per_transaction, l.daily, l.monthly, $3
     from unnest($4::text[], $5::numeric[], $6::numeric[], $7::numeric[])
       as l (operation_type, per_transaction, daily, monthly)
     on conflict (merchant_id, customer_id, operation_type) do update set
       per_transaction = excluded.per_transaction, daily = excluded.daily, monthly = excluded.monthly,
       request_id = excluded.request_id, set_at = now()`,
    [
      q.merchantId,
      q.customerId,
      q.requestId,
      limits.map((l) => l.operationType),
      limits.map((l) => String(l.perTransaction)),
      limits.map((l) => String(l.daily)),
      limits.map((l) => String(l.monthly)),
    ],
  );
}

/** The usage of `reference` stops counting (its operation was refunded); false if there was none. */
export async function releaseUsageSql(tx: Tx, merchantId: string, reference: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update kyc_usage set released_at = now()
     where merchant_id = $1 and reference = $2 and released_at is null`,
    [merchantId, reference],
  );
  return (rowCount ?? 0) > 0;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The customer's unreleased usage of one operation over the last 24 hours and 30 days, from the
 * usage's running totals (db/functions/kyc_usage_used.sql): a few rows read, whatever the history.
 */
async function usedIn(
  c: Tx,
  q: { merchantId: string; customerId: string; operationType: string },
  now: Date,
): Promise<Used> {
  const { rows } = await c.query<{ used_daily: string; used_monthly: string }>({
    name: "kyc_usage_used",
    text: "select used_daily::text, used_monthly::text from kyc_usage_used($1, $2, $3, $4, $5)",
    values: [
      q.merchantId,
      q.customerId,
      q.operationType,
      new Date(now.getTime() - DAY_MS),
      new Date(now.getTime() - 30 * DAY_MS),
    ],
  });
  return { daily: BigInt(rows[0]?.used_daily ?? 0), monthly: BigInt(rows[0]?.used_monthly ?? 0) };
}

const LIMIT_COLUMNS = `merchant_id as "merchantId", kyc_level as "kycLevel", operation_type as "operationType",
  per_transaction as "perTransaction", daily, monthly`;

type RawLimit = { perTransaction: string; daily: string; monthly: string };
const amountsOf = (r: RawLimit) => ({
  perTransaction: BigInt(r.perTransaction),
  daily: BigInt(r.daily),
  monthly: BigInt(r.monthly),
});
const toLimit = (r: Omit<LimitRow, keyof RawLimit> & RawLimit): LimitRow => ({ ...r, ...amountsOf(r) });

/** The merchant's level limits, in `tx` (under merchant-config's lock) or on a pooled connection. */
export async function levelLimitsSql(tx: Tx, merchantId: string): Promise<LimitRow[]> {
  const { rows } = await tx.query<Omit<LimitRow, keyof RawLimit> & RawLimit>(
    `select ${LIMIT_COLUMNS} from kyc_limits where merchant_id = $1`,
    [merchantId],
  );
  return rows.map(toLimit);
}

/** The merchant's level limits become exactly these rows, in the caller's transaction. */
export async function replaceLevelLimitsSql(
  tx: Tx,
  merchantId: string,
  rows: Omit<LimitRow, "merchantId">[],
): Promise<void> {
  await tx.query("delete from kyc_limits where merchant_id = $1", [merchantId]);
  if (rows.length > 0)
    await insertLimitsSql(
      tx,
      rows.map((r) => ({ ...r, merchantId })),
      "",
    );
}

/** Inserts level limits; `onConflict` "on conflict do nothing" keeps rows already there (the seed). */
async function insertLimitsSql(tx: Tx, rows: LimitRow[], onConflict: "" | "on conflict do nothing") {
  await tx.query(
    `insert into kyc_limits (merchant_id, kyc_level, operation_type, per_transaction, daily, monthly)
     select * from unnest($1::uuid[], $2::text[], $3::text[], $4::numeric[], $5::numeric[], $6::numeric[])
     ${onConflict}`,
    [
      rows.map((r) => r.merchantId),
      rows.map((r) => r.kycLevel),
      rows.map((r) => r.operationType),
      rows.map((r) => String(r.perTransaction)),
      rows.map((r) => String(r.daily)),
      rows.map((r) => String(r.monthly)),
    ],
  );
}

/** The seed's limits, where the merchant has none of that level and operation yet. */
export async function insertLimitsIfMissingSql(tx: Tx, rows: LimitRow[]): Promise<void> {
  if (rows.length > 0) await insertLimitsSql(tx, rows, "on conflict do nothing");
}

export function createKycLimitsRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  const limitsCache = createBoundedCache<string, LimitRow[]>({ max: 1_000, ttlMs: 5_000 });
  return {
    listLimits: (merchantId: string) => db.withClient((c) => levelLimitsSql(c, merchantId)),
    /** The customer's own limits (never cached: an approval holds the very next operation to them). */
    async ownLimits(merchantId: string, customerId: string): Promise<OwnLimit[]> {
      const { rows } = await db.withClient((c) =>
        c.query<{ operationType: string } & RawLimit>(
          `select operation_type as "operationType", per_transaction as "perTransaction", daily, monthly
           from kyc_customer_limits where merchant_id = $1 and customer_id = $2`,
          [merchantId, customerId],
        ),
      );
      return rows.map((r) => ({ operationType: r.operationType, ...amountsOf(r) }));
    },
    usedAmount: (q: { merchantId: string; customerId: string; operationType: string }, now: Date) =>
      db.withClient((c) => usedIn(c, q, now)),
    /** Drops this instance's copy of the merchant's limits (merchant-config's notice). */
    forgetMerchant(merchantId: string): void {
      limitsCache.delete(merchantId);
    },
    forgetAll(): void {
      limitsCache.clear();
    },
    /** The limits of a merchant, from a per-instance cache (they change by configuration only). */
    async cachedLimits(merchantId: string): Promise<LimitRow[]> {
      const hit = limitsCache.get(merchantId);
      if (hit) return hit;
      const rows = await db.withClient((c) => levelLimitsSql(c, merchantId));
      limitsCache.set(merchantId, rows);
      return rows;
    },
    /**
     * What a money operation's limit check needs of the customer, in one read: whether they have a
     * KYC row yet (the lock a usage takes) and their own limits (set on a limit increase).
     */
    async customerLimitFacts(
      merchantId: string,
      customerId: string,
    ): Promise<{ hasState: boolean; own: OwnLimit[] }> {
      const { rows } = await db.withClient((c) =>
        c.query<{
          has_state: boolean;
          operation_type: string | null;
          per_transaction: string;
          daily: string;
          monthly: string;
        }>({
          name: "kyc_customer_limit_facts",
          text: `select exists (select 1 from kyc_customers where customer_id = $1 and merchant_id = $2) as has_state,
                        l.operation_type, l.per_transaction, l.daily, l.monthly
                 from (select) as one
                 left join kyc_customer_limits l on l.merchant_id = $2 and l.customer_id = $1`,
          values: [customerId, merchantId],
        }),
      );
      const own = rows.flatMap((r) =>
        r.operation_type === null
          ? []
          : [
              {
                operationType: r.operation_type,
                perTransaction: BigInt(r.per_transaction),
                daily: BigInt(r.daily),
                monthly: BigInt(r.monthly),
              },
            ],
      );
      return { hasState: rows[0]?.has_state ?? false, own };
    },
    /** The KYC row of a customer who never started verification (their state from the profile). */
    async insertStateIfMissing(
      merchantId: string,
      customerId: string,
      state: { level: string; status: KycStatus },
    ) {
      await db.withClient((c) =>
        c.query(
          `insert into kyc_customers (customer_id, merchant_id, level, status) values ($1, $2, $3, $4)
           on conflict do nothing`,
          [customerId, merchantId, state.level, state.status],
        ),
      );
    },
  };
}

export type KycLimitsRepository = ReturnType<typeof createKycLimitsRepository>;
