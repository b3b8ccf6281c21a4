import type { AdjustmentDirection, AdjustmentStatus } from "../../db/schema/adjustments.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";

export type Proposal = {
  merchantId: string;
  id: string;
  customerId: string;
  currency: string;
  direction: AdjustmentDirection;
  amount: bigint;
  houseAccount: string;
  customerReason: string;
  auditReason: string;
  status: AdjustmentStatus;
  proposedBy: string;
  proposedByEmail: string;
  decidedBy: string | null;
  decidedByEmail: string | null;
  decisionReason: string | null;
  ledgerOperationId: string | null;
  createdAt: Date;
  expiresAt: Date;
  decidedAt: Date | null;
};

export type NewProposal = Omit<
  Proposal,
  "status" | "decidedBy" | "decidedByEmail" | "decisionReason" | "ledgerOperationId" | "decidedAt"
>;

/** A decision written on a locked PROPOSED row. */
export type Decision =
  | { status: "APPROVED"; by: string; byEmail: string; ledgerOperationId: string; at: Date }
  | { status: "REJECTED"; by: string; byEmail: string; reason: string; at: Date }
  | { status: "EXPIRED"; at: Date };

const COLUMNS = `merchant_id as "merchantId", id, customer_id as "customerId", currency, direction,
  amount, house_account as "houseAccount", customer_reason as "customerReason",
  audit_reason as "auditReason", status, proposed_by as "proposedBy",
  proposed_by_email as "proposedByEmail", decided_by as "decidedBy", decided_by_email as "decidedByEmail",
  decision_reason as "decisionReason", ledger_operation_id as "ledgerOperationId",
  created_at as "createdAt", expires_at as "expiresAt", decided_at as "decidedAt"`;

type RawProposal = Omit<Proposal, "amount"> & { amount: string };
const toProposal = (r: RawProposal): Proposal => ({ ...r, amount: BigInt(r.amount) });

/** The adjustments' SQL: every statement names the merchant. */
export const adjustmentsSql = {
  async insert(tx: Tx, p: NewProposal): Promise<void> {
    await tx.query(
      `insert into adjustment_proposals (merchant_id, id, customer_id, currency, direction, amount,
         house_account, customer_reason, audit_reason, status, proposed_by, proposed_by_email,
         created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'PROPOSED', $10, $11, $12, $13)`,
      [
        p.merchantId,
        p.id,
        p.customerId,
        p.currency,
        p.direction,
        String(p.amount),
        p.houseAccount,
        p.customerReason,
        p.auditReason,
        p.proposedBy,
        p.proposedByEmail,
        p.createdAt,
        p.expiresAt,
      ],
    );
  },

  /**
   * The row, locked until the transaction ends: a decision is judged on it. An UPDATE that changes
   * nothing: a write holds the merchant's shard group in place on Citus (docs/scaling.md).
   */
  async lock(tx: Tx, merchantId: string, id: string): Promise<Proposal | undefined> {
    const { rows } = await tx.query<RawProposal>(
      `update adjustment_proposals set expires_at = expires_at where merchant_id = $1 and id = $2 returning ${COLUMNS}`,
      [merchantId, id],
    );
    return rows[0] && toProposal(rows[0]);
  },

  /** Decides a waiting proposal (the caller holds its lock and judged it PROPOSED). */
  async decide(tx: Tx, merchantId: string, id: string, d: Decision): Promise<void> {
    const who = d.status === "EXPIRED" ? null : d;
    await tx.query(
      `update adjustment_proposals
          set status = $3, decided_by = $4, decided_by_email = $5, decision_reason = $6,
              ledger_operation_id = $7, decided_at = $8
        where merchant_id = $1 and id = $2 and status = 'PROPOSED'`,
      [
        merchantId,
        id,
        d.status,
        who?.by ?? null,
        who?.byEmail ?? null,
        d.status === "REJECTED" ? d.reason : null,
        d.status === "APPROVED" ? d.ledgerOperationId : null,
        d.at,
      ],
    );
  },

  /**
   * Up to `limit` waiting proposals lapsed by `at`, oldest first, across merchants (the periodic
   * sweep), read without a lock: each is then expired by its own key (`expire`), so no statement
   * locks rows of several merchants (Citus refuses FOR UPDATE across shards).
   */
  async listLapsed(
    db: ClientSource,
    at: Date,
    limit: number,
  ): Promise<Array<{ merchantId: string; id: string }>> {
    const { rows } = await db.withClient((c) =>
      c.query<{ merchantId: string; id: string }>(
        `select merchant_id as "merchantId", id from adjustment_proposals
          where status = 'PROPOSED' and expires_at <= $1 order by expires_at limit $2`,
        [at, limit],
      ),
    );
    return rows;
  },

  /** Expires one lapsed proposal unless a decision stored another status first (it waits for it). */
  async expire(db: ClientSource, merchantId: string, id: string, at: Date): Promise<boolean> {
    const { rowCount } = await db.withClient((c) =>
      c.query(
        `update adjustment_proposals set status = 'EXPIRED', decided_at = $3
          where merchant_id = $1 and id = $2 and status = 'PROPOSED' and expires_at <= $3`,
        [merchantId, id, at],
      ),
    );
    return (rowCount ?? 0) > 0;
  },

  async find(db: ClientSource, merchantId: string, id: string): Promise<Proposal | undefined> {
    const { rows } = await db.withClient((c) =>
      c.query<RawProposal>(`select ${COLUMNS} from adjustment_proposals where merchant_id = $1 and id = $2`, [
        merchantId,
        id,
      ]),
    );
    return rows[0] && toProposal(rows[0]);
  },

  /**
   * The merchant's proposals, waiting ones first (oldest first), then the decided ones newest
   * first. `status` filters on the stored status; `now` tells a waiting one that lapsed.
   */
  async list(
    db: ClientSource,
    q: { merchantId: string; status?: AdjustmentStatus; customerId?: string; now: Date; limit: number },
  ): Promise<Proposal[]> {
    const { rows } = await db.withClient((c) =>
      c.query<RawProposal>(
        `select ${COLUMNS} from adjustment_proposals
          where merchant_id = $1
            and ($2::text is null or status = $2 or ($2 = 'EXPIRED' and status = 'PROPOSED' and expires_at <= $4))
            and ($2::text is distinct from 'PROPOSED' or expires_at > $4)
            and ($3::uuid is null or customer_id = $3)
          order by (status = 'PROPOSED' and expires_at > $4) desc,
                   case when status = 'PROPOSED' and expires_at > $4 then created_at end asc,
                   created_at desc
          limit $5`,
        [q.merchantId, q.status ?? null, q.customerId ?? null, q.now, q.limit],
      ),
    );
    return rows.map(toProposal);
  },
};
