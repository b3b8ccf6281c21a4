import type { ClientSource } from "../../db/transaction.ts";
import type { HistoryRow } from "./history.repository.ts";

/** The back-office's search over a merchant's operations (one row per party, as the history has). */
export type OperationSearch = {
  merchantId: string;
  types?: string[] | undefined;
  statuses?: string[] | undefined;
  currency?: string | undefined;
  /** Minor units of `currency`. */
  minAmount?: bigint | undefined;
  maxAmount?: bigint | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  customerId?: string | undefined;
  limit: number;
};

type Raw = Omit<HistoryRow, "amount" | "fee"> & { amount: string; fee: string; id: string };
const COLUMNS = `id, merchant_id as "merchantId", customer_id as "customerId", operation_id as "operationId", type,
  direction, status, currency, amount, fee, counterparty, details, created_at as "createdAt", updated_at as "updatedAt"`;
const toRow = (r: Raw) => ({ ...r, amount: BigInt(r.amount), fee: BigInt(r.fee) });

/** Reads of the history across a merchant (docs/backoffice.md): every query names the merchant. */
export function createHistorySearch(db: ClientSource) {
  return {
    /** Newest first; each filter optional. */
    search(q: OperationSearch) {
      return db.withClient(async (c) => {
        const { rows } = await c.query<Raw>(
          `select ${COLUMNS} from history_entries
           where merchant_id = $1
             and ($2::text[] is null or type = any($2)) and ($3::text[] is null or status = any($3))
             and ($4::text is null or currency = $4)
             and ($5::numeric is null or amount >= $5) and ($6::numeric is null or amount <= $6)
             and ($7::timestamptz is null or created_at >= $7) and ($8::timestamptz is null or created_at < $8)
             and ($9::uuid is null or customer_id = $9)
           order by created_at desc, id desc limit $10`,
          [
            q.merchantId,
            q.types?.length ? q.types : null,
            q.statuses?.length ? q.statuses : null,
            q.currency ?? null,
            q.minAmount?.toString() ?? null,
            q.maxAmount?.toString() ?? null,
            q.from ?? null,
            q.to ?? null,
            q.customerId ?? null,
            q.limit,
          ],
        );
        return rows.map(toRow);
      });
    },

    /** Every party's entry of one operation. */
    entriesOf(merchantId: string, operationId: string) {
      return db.withClient(async (c) => {
        const { rows } = await c.query<Raw>(
          `select ${COLUMNS} from history_entries where merchant_id = $1 and operation_id = $2 order by direction, id`,
          [merchantId, operationId],
        );
        return rows.map(toRow);
      });
    },

    /**
     * Every status the operation's entries took, in order (db/functions/history_status_log.sql):
     * by the time each was written under the entry's lock, not by the identity id alone (on Citus
     * each worker hands out ids from its own range, and a merchant's shards may move).
     */
    statusChangesOf(merchantId: string, operationId: string) {
      return db.withClient(async (c) => {
        const { rows } = await c.query<{ customerId: string; direction: string; status: string; at: Date }>(
          `select customer_id as "customerId", direction, status, at from history_status_changes
           where merchant_id = $1 and operation_id = $2 order by at, id`,
          [merchantId, operationId],
        );
        return rows;
      });
    },

    /** Completed amounts since `since` per currency and direction (the first page's volumes). */
    volumesSince(merchantId: string, since: Date) {
      return db.withClient(async (c) => {
        const { rows } = await c.query<{
          currency: string;
          direction: "IN" | "OUT";
          total: string;
          count: number;
        }>(
          `select currency, direction, sum(amount) as total, count(*)::int as count from history_entries
           where merchant_id = $1 and status = 'COMPLETED' and created_at >= $2
           group by currency, direction order by currency, direction`,
          [merchantId, since],
        );
        return rows.map((r) => ({ ...r, total: BigInt(r.total) }));
      });
    },
  };
}
