import type { Json } from "../../db/json.ts";
import type { HistoryStatus, HistoryType } from "../../db/schema/history.ts";
import type { Tx } from "../../db/transaction.ts";

export type SqlClient = Tx;

export type NewHistoryEntry = {
  id: string;
  merchantId: string;
  customerId: string;
  operationId: string;
  type: HistoryType;
  direction: "IN" | "OUT";
  status: HistoryStatus;
  currency: string;
  amount: bigint;
  fee: bigint;
  counterparty: string | null;
  details: Record<string, Json>;
};

/**
 * A change to every party's entry of an operation: status, and details merged over the old.
 * `whilePending`: only while still PENDING (progress that must not overwrite a final state).
 */
export type HistoryChange = {
  merchantId: string;
  operationId: string;
  status?: HistoryStatus;
  details: Record<string, Json>;
  whilePending?: boolean;
};

export type HistoryRow = Omit<NewHistoryEntry, "id"> & { createdAt: Date; updatedAt: Date };

export type PageQuery = {
  merchantId: string;
  customerId: string;
  types: string[] | null;
  currencies: string[] | null;
  /** Postgres timestamp text (microseconds): entries created later are not in the snapshot. */
  snapshot: string | null;
  offset: number;
  size: number;
};

const FILTER = `merchant_id = $1 and customer_id = $2 and created_at <= $3::timestamptz
  and ($4::text[] is null or type = any($4)) and ($5::text[] is null or currency = any($5))`;

const COLUMNS = `merchant_id as "merchantId", customer_id as "customerId", operation_id as "operationId", type,
  direction, status, currency, amount, fee, counterparty, details, created_at as "createdAt",
  updated_at as "updatedAt"`;

/**
 * The SQL of the history: one row per party of an operation, written by the use-case in its own
 * transaction (docs/architecture.md "History"); every read is one customer's.
 */
export const historySql = {
  /** Entries of one operation; a repeated write of the same operation changes nothing. */
  async insert(c: SqlClient, entries: NewHistoryEntry[]): Promise<void> {
    if (entries.length === 0) return;
    // A VALUES list, not a set-returning function: Citus routes a multi-row VALUES insert whose
    // rows name one merchant to that merchant's shard, where INSERT ... SELECT FROM a function
    // goes through the coordinator (docs/scaling.md).
    const values: unknown[] = [];
    const rows = entries.map(
      (e) =>
        `($${values.push(e.id)}::uuid, $${values.push(e.merchantId)}::uuid, $${values.push(e.customerId)}::uuid,
          $${values.push(e.operationId)}::uuid, $${values.push(e.type)}, $${values.push(e.direction)},
          $${values.push(e.status)}, $${values.push(e.currency)}, $${values.push(String(e.amount))}::numeric,
          $${values.push(String(e.fee))}::numeric, $${values.push(e.counterparty)},
          $${values.push(JSON.stringify(e.details))}::jsonb, now(), now())`,
    );
    await c.query({
      // One prepared statement per row count: the text differs with it.
      name: `history_insert_${entries.length}`,
      text: `insert into history_entries (id, merchant_id, customer_id, operation_id, type, direction, status,
               currency, amount, fee, counterparty, details, created_at, updated_at)
             values ${rows.join(", ")}
             on conflict (merchant_id, customer_id, operation_id) do nothing`,
      values,
    });
  },

  async update(c: SqlClient, u: HistoryChange): Promise<void> {
    await c.query(
      `update history_entries set status = coalesce($3, status), details = details || $4::jsonb, updated_at = now()
       where merchant_id = $1 and operation_id = $2 and ($5 = false or status = 'PENDING')`,
      [u.merchantId, u.operationId, u.status ?? null, JSON.stringify(u.details), u.whilePending ?? false],
    );
  },

  /** How many entries the filter matches at the snapshot, and the snapshot (now() if not given). */
  async count(c: SqlClient, q: PageQuery): Promise<{ total: number; snapshot: string }> {
    const { rows } = await c.query<{ total: string; snapshot: string }>(
      `select count(*) as total,
         to_char(coalesce($3::timestamptz, now()) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as snapshot
       from history_entries where ${FILTER.replace("$3::timestamptz", "coalesce($3::timestamptz, now())")}`,
      [q.merchantId, q.customerId, q.snapshot, q.types, q.currencies],
    );
    const row = rows[0];
    if (!row) throw new Error("count returned nothing");
    return { total: Number(row.total), snapshot: row.snapshot };
  },

  /** The customer's entries of these operations (a statement's descriptions, a receipt). */
  async byOperations(
    c: SqlClient,
    q: { merchantId: string; customerId: string; operationIds: string[] },
  ): Promise<HistoryRow[]> {
    if (q.operationIds.length === 0) return [];
    const { rows } = await c.query<Omit<HistoryRow, "amount" | "fee"> & { amount: string; fee: string }>(
      `select ${COLUMNS} from history_entries
       where merchant_id = $1 and customer_id = $2 and operation_id = any($3::uuid[])`,
      [q.merchantId, q.customerId, q.operationIds],
    );
    return rows.map((r) => ({ ...r, amount: BigInt(r.amount), fee: BigInt(r.fee) }));
  },

  /** Newest first; (created_at, id) orders entries of the same instant. */
  async page(c: SqlClient, q: PageQuery & { snapshot: string }): Promise<HistoryRow[]> {
    const { rows } = await c.query<Omit<HistoryRow, "amount" | "fee"> & { amount: string; fee: string }>(
      `select ${COLUMNS} from history_entries where ${FILTER}
       order by created_at desc, id desc offset $6 limit $7`,
      [q.merchantId, q.customerId, q.snapshot, q.types, q.currencies, q.offset, q.size],
    );
    return rows.map((r) => ({ ...r, amount: BigInt(r.amount), fee: BigInt(r.fee) }));
  },
};
