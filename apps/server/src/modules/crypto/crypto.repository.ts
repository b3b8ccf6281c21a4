import type pg from "pg";
import type { Chain } from "../../db/schema/chain.ts";

type SqlClient = Pick<pg.PoolClient, "query">;

export type DepositRow = {
  id: string;
  merchantId: string;
  customerId: string;
  chain: Chain;
  currency: string;
  txHash: string;
  outputIndex: number;
  address: string;
  fromAddress: string | null;
  amount: bigint;
  confirmations: number;
  requiredConfirmations: number;
  status: "PENDING" | "CONFIRMED" | "DROPPED";
  /** Where the transaction was last seen; null when the notifier did not say (docs/chains.md). */
  blockNumber: number | null;
  blockHash: string | null;
};

export type WithdrawalRow = {
  id: string;
  merchantId: string;
  customerId: string;
  chain: Chain;
  currency: string;
  toAddress: string;
  amount: bigint;
  networkFee: bigint;
  serviceFee: bigint;
  chainPendingId: string;
  feePendingId: string | null;
  limitReference: string;
  txHash: string | null;
  confirmations: number;
  requiredConfirmations: number;
  status: "PENDING" | "COMPLETED" | "FAILED";
};

const DEPOSIT = `id, merchant_id as "merchantId", customer_id as "customerId", chain, currency, tx_hash as "txHash",
  output_index as "outputIndex", address, from_address as "fromAddress", amount, confirmations,
  required_confirmations as "requiredConfirmations", status, block_number::float8 as "blockNumber",
  block_hash as "blockHash"`;
const WITHDRAWAL = `id, merchant_id as "merchantId", customer_id as "customerId", chain, currency,
  to_address as "toAddress", amount, network_fee as "networkFee", service_fee as "serviceFee",
  chain_pending_id as "chainPendingId", fee_pending_id as "feePendingId", limit_reference as "limitReference",
  tx_hash as "txHash", confirmations, required_confirmations as "requiredConfirmations", status`;

type Raw<T> = Omit<T, "amount" | "networkFee" | "serviceFee"> & Record<string, unknown>;
const bigints = <T>(r: Raw<T>): T =>
  ({
    ...r,
    amount: BigInt(r.amount as string),
    ...(r.networkFee === undefined ? {} : { networkFee: BigInt(r.networkFee as string) }),
    ...(r.serviceFee === undefined ? {} : { serviceFee: BigInt(r.serviceFee as string) }),
  }) as T;

/** The SQL of chain deposits and withdrawals. */
export const cryptoSql = {
  /**
   * Records a deposit the first time it is seen, or raises its confirmation count (never
   * lowers it: notifications may arrive out of order). `created` says which.
   */
  async upsertDeposit(
    c: SqlClient,
    d: Omit<DepositRow, "status">,
  ): Promise<{ deposit: DepositRow; created: boolean; revived: boolean }> {
    const inserted = await c.query<Raw<DepositRow>>(
      `insert into crypto_deposits (id, merchant_id, customer_id, chain, currency, tx_hash, output_index, address,
         from_address, amount, confirmations, required_confirmations, status, block_number, block_hash)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'PENDING', $13, $14)
       on conflict (merchant_id, chain, tx_hash, output_index) do nothing
       returning ${DEPOSIT}`,
      [
        d.id,
        d.merchantId,
        d.customerId,
        d.chain,
        d.currency,
        d.txHash,
        d.outputIndex,
        d.address,
        d.fromAddress,
        d.amount.toString(),
        d.confirmations,
        d.requiredConfirmations,
        d.blockNumber,
        d.blockHash,
      ],
    );
    if (inserted.rows[0]) return { deposit: bigints(inserted.rows[0]), created: true, revived: false };
    // A dropped deposit seen again is back in the chain: pending, counted afresh. The block it
    // is in now is the one to judge it by (a reorganisation may have moved it).
    const updated = await c.query<Raw<DepositRow> & { revived: boolean }>(
      `update crypto_deposits d set
         confirmations = case when d.status = 'DROPPED' then $4 else greatest(d.confirmations, $4) end,
         status = case when d.status = 'DROPPED' then 'PENDING' else d.status end,
         block_number = coalesce($6, d.block_number), block_hash = coalesce($7, d.block_hash)
       from (select status as old_status from crypto_deposits
             where merchant_id = $5 and chain = $1 and tx_hash = $2 and output_index = $3 for update) old
       where d.merchant_id = $5 and d.chain = $1 and d.tx_hash = $2 and d.output_index = $3
       returning ${DEPOSIT}, old.old_status = 'DROPPED' as revived`,
      [d.chain, d.txHash, d.outputIndex, d.confirmations, d.merchantId, d.blockNumber, d.blockHash],
    );
    const row = updated.rows[0];
    if (!row) throw new Error("deposit vanished");
    const { revived, ...deposit } = row;
    return { deposit: bigints(deposit as Raw<DepositRow>), created: false, revived };
  },

  /** A pending deposit whose transaction left the chain; undefined if it was not pending. */
  async dropDeposit(c: SqlClient, chain: Chain, txHash: string, outputIndex: number) {
    const { rows } = await c.query<{ id: string; merchantId: string }>(
      `update crypto_deposits set status = 'DROPPED'
       where chain = $1 and tx_hash = $2 and output_index = $3 and status = 'PENDING'
       returning id, merchant_id as "merchantId"`,
      [chain, txHash, outputIndex],
    );
    return rows[0];
  },

  /** Every network's block follower: its height, the node's head and when it last reached it. */
  async followerStates(c: SqlClient) {
    const { rows } = await c.query<{
      network: string;
      height: string;
      head: string | null;
      caughtUpAt: Date | null;
      updatedAt: Date;
    }>(
      `select network, height, head, caught_up_at as "caughtUpAt", updated_at as "updatedAt"
       from chain_follower_state`,
    );
    return rows.map((r) => ({
      ...r,
      height: Number(r.height),
      head: r.head === null ? null : Number(r.head),
    }));
  },

  /** Deposits on a chain still gathering confirmations (the block follower re-reads each). */
  async pendingDeposits(c: SqlClient, chain: Chain): Promise<DepositRow[]> {
    const { rows } = await c.query<Raw<DepositRow>>(
      `select ${DEPOSIT} from crypto_deposits where chain = $1 and status = 'PENDING' order by created_at limit 500`,
      [chain],
    );
    return rows.map(bigints);
  },

  async confirmDeposit(c: SqlClient, merchantId: string, id: string, confirmations: number): Promise<void> {
    await c.query(
      `update crypto_deposits set status = 'CONFIRMED', confirmations = greatest(confirmations, $3),
         confirmed_at = now()
       where merchant_id = $1 and id = $2 and status = 'PENDING'`,
      [merchantId, id, confirmations],
    );
  },

  async insertWithdrawal(c: SqlClient, w: Omit<WithdrawalRow, "txHash" | "confirmations" | "status">) {
    await c.query(
      `insert into crypto_withdrawals (id, merchant_id, customer_id, chain, currency, to_address, amount,
         network_fee, service_fee, chain_pending_id, fee_pending_id, limit_reference, required_confirmations, status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'PENDING')`,
      [
        w.id,
        w.merchantId,
        w.customerId,
        w.chain,
        w.currency,
        w.toAddress,
        w.amount.toString(),
        w.networkFee.toString(),
        w.serviceFee.toString(),
        w.chainPendingId,
        w.feePendingId,
        w.limitReference,
        w.requiredConfirmations,
      ],
    );
  },

  /** The merchant's withdrawals still PENDING that started before `before`, oldest first. */
  async pendingWithdrawalsBefore(
    c: SqlClient,
    merchantId: string,
    before: Date,
    limit: number,
  ): Promise<(WithdrawalRow & { createdAt: Date })[]> {
    const { rows } = await c.query<Raw<WithdrawalRow & { createdAt: Date }>>(
      `select ${WITHDRAWAL}, created_at as "createdAt" from crypto_withdrawals
       where merchant_id = $1 and status = 'PENDING' and created_at < $2 order by created_at, id limit $3`,
      [merchantId, before, limit],
    );
    return rows.map((r) => bigints(r));
  },

  /** One of the merchant's withdrawals (another merchant's is not found). */
  async withdrawalOf(c: SqlClient, merchantId: string, id: string): Promise<WithdrawalRow | undefined> {
    const { rows } = await c.query<Raw<WithdrawalRow>>(
      `select ${WITHDRAWAL} from crypto_withdrawals where merchant_id = $1 and id = $2`,
      [merchantId, id],
    );
    return rows[0] && bigints(rows[0]);
  },

  async findWithdrawal(c: SqlClient, id: string): Promise<WithdrawalRow | undefined> {
    const { rows } = await c.query<Raw<WithdrawalRow>>(
      `select ${WITHDRAWAL} from crypto_withdrawals where id = $1`,
      [id],
    );
    return rows[0] && bigints(rows[0]);
  },

  /** Tx hash and confirmations of a withdrawal still under way (counts only grow). */
  async progressWithdrawal(c: SqlClient, id: string, txHash: string, confirmations: number): Promise<void> {
    await c.query(
      `update crypto_withdrawals set tx_hash = coalesce(tx_hash, $2), confirmations = greatest(confirmations, $3)
       where id = $1 and status = 'PENDING'`,
      [id, txHash, confirmations],
    );
  },

  async finishWithdrawal(
    c: SqlClient,
    f: {
      id: string;
      status: "COMPLETED" | "FAILED";
      txHash: string | null;
      confirmations: number;
      failureReason: string | null;
    },
  ): Promise<void> {
    await c.query(
      `update crypto_withdrawals set status = $2, tx_hash = coalesce(tx_hash, $3),
         confirmations = greatest(confirmations, $4), failure_reason = $5, finished_at = now()
       where id = $1 and status = 'PENDING'`,
      [f.id, f.status, f.txHash, f.confirmations, f.failureReason],
    );
  },
};
