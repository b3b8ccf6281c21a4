import type pg from "pg";
import type { Chain } from "./chain-networks.ts";
import { SANDBOX_CHAIN_TICK_TASK } from "./chain-provider.ts";

export type SqlClient = Pick<pg.PoolClient, "query">;
/** A connection source: the server's pool, or a worker job's helpers (`withPgClient`). */
export type SqlSource = { withClient<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> };

export type SandboxTxRow = {
  txHash: string;
  chain: Chain;
  currency: string;
  direction: "IN" | "OUT";
  address: string;
  fromAddress: string | null;
  amount: bigint;
  networkFee: bigint;
  requiredConfirmations: number;
  confirmations: number;
  status: "PENDING" | "CONFIRMED" | "FAILED";
  reference: string | null;
  createdAt: Date;
  /** The database's clock when the row was read: confirmations are counted on it. */
  dbNow: Date;
};

const COLUMNS = `tx_hash as "txHash", chain, currency, direction, address, from_address as "fromAddress",
  amount, network_fee as "networkFee", required_confirmations as "requiredConfirmations",
  confirmations, status, reference, created_at as "createdAt", now() as "dbNow"`;

type RawRow = Omit<SandboxTxRow, "amount" | "networkFee"> & { amount: string; networkFee: string };
const toRow = (r: RawRow): SandboxTxRow => ({
  ...r,
  amount: BigInt(r.amount),
  networkFee: BigInt(r.networkFee),
});

export type NewSandboxTx = Omit<SandboxTxRow, "confirmations" | "status" | "createdAt" | "dbNow">;

/** The SQL of the sandbox chain's record (table sandbox_chain_transactions). */
export const sandboxChainSql = {
  /** Inserts a transaction; a withdrawal already broadcast (same reference) is answered instead. */
  async insert(c: SqlClient, tx: NewSandboxTx): Promise<SandboxTxRow> {
    const { rows } = await c.query<RawRow>(
      `with inserted as (
         insert into sandbox_chain_transactions (tx_hash, chain, currency, direction, address, from_address,
           amount, network_fee, required_confirmations, status, reference)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'PENDING', $10)
         on conflict (reference) do nothing
         returning *)
       select ${COLUMNS} from inserted
       union all
       select ${COLUMNS} from sandbox_chain_transactions where reference = $10
       limit 1`,
      [
        tx.txHash,
        tx.chain,
        tx.currency,
        tx.direction,
        tx.address,
        tx.fromAddress,
        tx.amount.toString(),
        tx.networkFee.toString(),
        tx.requiredConfirmations,
        tx.reference,
      ],
    );
    const row = rows[0];
    if (!row) throw new Error("sandbox chain transaction vanished");
    return toRow(row);
  },

  async find(c: SqlClient, txHash: string): Promise<SandboxTxRow | undefined> {
    const { rows } = await c.query<RawRow>(
      `select ${COLUMNS} from sandbox_chain_transactions where tx_hash = $1`,
      [txHash],
    );
    return rows[0] && toRow(rows[0]);
  },

  /** A withdrawal by our reference (its id), as a custody API's lookup finds it. */
  async findByReference(c: SqlClient, reference: string): Promise<SandboxTxRow | undefined> {
    const { rows } = await c.query<RawRow>(
      `select ${COLUMNS} from sandbox_chain_transactions where reference = $1 and direction = 'OUT'`,
      [reference],
    );
    return rows[0] && toRow(rows[0]);
  },

  /** Confirmations only grow and a final status stays: ticks may overlap or repeat. */
  async advance(c: SqlClient, txHash: string, confirmations: number, status: SandboxTxRow["status"]) {
    await c.query(
      `update sandbox_chain_transactions
       set confirmations = greatest(confirmations, $2),
           status = case when status = 'PENDING' then $3 else status end,
           updated_at = now()
       where tx_hash = $1`,
      [txHash, confirmations, status],
    );
  },

  /** Moves a transaction's clock on (its start back) by `seconds`; false for an unknown one. */
  async shiftStart(c: SqlClient, txHash: string, seconds: number): Promise<boolean> {
    const { rowCount } = await c.query(
      `update sandbox_chain_transactions set created_at = created_at - make_interval(secs => $2)
       where tx_hash = $1 and status = 'PENDING'`,
      [txHash, seconds],
    );
    return rowCount === 1;
  },

  /**
   * The next tick of a transaction's clock (one queued job per transaction: job key). `now` ticks
   * (a new transaction, the console's "move the clock") replace a later one; a tick planning its
   * successor keeps an earlier one already queued, so a clock moved on while that tick was
   * running is not pushed back to the old schedule.
   * A queue per transaction, because a key alone does not serialise: adding under the key of a
   * running job makes a second job that another worker starts at once, and the running one loses
   * its key and its retries. Two ticks of one transaction would then race, and the first one's
   * plan for its successor would push a failed confirming tick's retry an hour on (the planned
   * tick). In its queue, the new tick waits for the running one and keeps its own retries.
   */
  async scheduleTick(c: SqlClient, txHash: string, runAt: Date | null): Promise<void> {
    await c.query(
      `select graphile_worker.add_job($1, json_build_object('txHash', $2::text), run_at := coalesce($3, now()),
         job_key := 'chain_tick:' || $2, queue_name := 'chain_tick:' || $2, max_attempts := 25,
         job_key_mode := case when $3::timestamptz is null then 'replace' else 'preserve_run_at' end)`,
      [SANDBOX_CHAIN_TICK_TASK, txHash, runAt],
    );
  },
};
