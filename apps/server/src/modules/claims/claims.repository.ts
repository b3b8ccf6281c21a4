import type { ClaimStatus } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";

export type ClaimRow = {
  merchantId: string;
  id: string;
  senderId: string;
  phone: string;
  currency: string;
  amount: bigint;
  status: ClaimStatus;
  expiresAt: Date;
  recipientId: string | null;
  holdOperationId: string;
  releaseOperationId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const COLUMNS = `merchant_id as "merchantId", id, sender_id as "senderId", phone, currency, amount, status,
  expires_at as "expiresAt", recipient_id as "recipientId", hold_operation_id as "holdOperationId",
  release_operation_id as "releaseOperationId", created_at as "createdAt", updated_at as "updatedAt"`;

// pg returns numeric as text: the amount becomes bigint here, never a number.
const toRow = (r: Omit<ClaimRow, "amount"> & { amount: string }): ClaimRow => ({
  ...r,
  amount: BigInt(r.amount),
});

/** The SQL of claimable transfers: every statement names the merchant. */
export const claimsSql = {
  async insert(tx: Tx, row: Omit<ClaimRow, "status" | "recipientId" | "releaseOperationId" | "updatedAt">) {
    await tx.query(
      `insert into claimable_transfers (merchant_id, id, sender_id, phone, currency, amount, status, expires_at,
         hold_operation_id, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, 'HELD', $7, $8, $9, $9)`,
      [
        row.merchantId,
        row.id,
        row.senderId,
        row.phone,
        row.currency,
        row.amount.toString(),
        row.expiresAt,
        row.holdOperationId,
        row.createdAt,
      ],
    );
  },

  /**
   * The row held for the rest of the caller's transaction: its status is judged on this. An UPDATE
   * that changes nothing: a write holds the merchant's shard group in place on Citus (docs/scaling.md).
   */
  async lock(tx: Tx, merchantId: string, id: string): Promise<ClaimRow | undefined> {
    const { rows } = await tx.query(
      `update claimable_transfers set updated_at = updated_at where merchant_id = $1 and id = $2 returning ${COLUMNS}`,
      [merchantId, id],
    );
    return rows[0] && toRow(rows[0]);
  },

  async read(tx: Tx, merchantId: string, id: string): Promise<ClaimRow | undefined> {
    const { rows } = await tx.query(
      `select ${COLUMNS} from claimable_transfers where merchant_id = $1 and id = $2`,
      [merchantId, id],
    );
    return rows[0] && toRow(rows[0]);
  },

  /** HELD ones waiting for this phone. */
  async heldFor(tx: Tx, merchantId: string, phone: string): Promise<string[]> {
    const { rows } = await tx.query<{ id: string }>(
      `select id from claimable_transfers where merchant_id = $1 and phone = $2 and status = 'HELD' order by id`,
      [merchantId, phone],
    );
    return rows.map((r) => r.id);
  },

  /** HELD ones past their expiry at `at`, oldest first. */
  async due(tx: Tx, at: Date, limit: number): Promise<Array<{ merchantId: string; id: string }>> {
    const { rows } = await tx.query(
      `select merchant_id as "merchantId", id from claimable_transfers
       where status = 'HELD' and expires_at <= $1 order by expires_at limit $2`,
      [at, limit],
    );
    return rows;
  },

  /** Phones with money waiting (for the sweep that claims what a missed trigger left). */
  async heldPhones(tx: Tx, limit: number): Promise<Array<{ merchantId: string; phone: string }>> {
    const { rows } = await tx.query(
      `select distinct merchant_id as "merchantId", phone from claimable_transfers where status = 'HELD' limit $1`,
      [limit],
    );
    return rows;
  },

  async settle(
    tx: Tx,
    s: {
      merchantId: string;
      id: string;
      status: Exclude<ClaimStatus, "HELD">;
      recipientId: string | null;
      releaseOperationId: string;
      at: Date;
    },
  ): Promise<void> {
    await tx.query(
      `update claimable_transfers set status = $3, recipient_id = $4, release_operation_id = $5, updated_at = $6
       where merchant_id = $1 and id = $2 and status = 'HELD'`,
      [s.merchantId, s.id, s.status, s.recipientId, s.releaseOperationId, s.at],
    );
  },

  /** The sender's claims whose money came back in one of these operations (a statement names them). */
  async releasedBy(
    tx: Tx,
    q: { merchantId: string; senderId: string; operationIds: string[] },
  ): Promise<Array<{ operationId: string; status: ClaimStatus; phone: string }>> {
    const { rows } = await tx.query(
      `select release_operation_id as "operationId", status, phone from claimable_transfers
       where merchant_id = $1 and sender_id = $2 and release_operation_id = any($3::uuid[])
         and status in ('RETURNED', 'CANCELLED')`,
      [q.merchantId, q.senderId, q.operationIds],
    );
    return rows;
  },

  /** Sandbox: the claim's clock moved on by `days` (its expiry moves back). */
  async moveBack(tx: Tx, merchantId: string, id: string, days: number): Promise<ClaimRow | undefined> {
    const { rows } = await tx.query(
      `update claimable_transfers set expires_at = expires_at - make_interval(days => $3)
       where merchant_id = $1 and id = $2 returning ${COLUMNS}`,
      [merchantId, id, days],
    );
    return rows[0] && toRow(rows[0]);
  },
};
