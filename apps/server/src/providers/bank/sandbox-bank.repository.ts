import type pg from "pg";
import { SANDBOX_BANK_TICK_TASK } from "./bank-provider.ts";

export type SqlClient = Pick<pg.PoolClient, "query">;
/** A connection source: the server's pool, or a worker job's helpers (`withPgClient`). */
export type SqlSource = { withClient<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> };

export type SandboxBankTransfer = {
  id: string;
  direction: "IN" | "OUT";
  reference: string | null;
  accountIban: string;
  counterpartyName: string;
  counterpartyIban: string;
  counterpartyBic: string | null;
  amount: bigint;
  currency: string;
  remittance: string | null;
  status: "PENDING" | "EXECUTED" | "RETURNED";
  returnReason: string | null;
  returnRequested: string | null;
  createdAt: Date;
  /** The database's clock when the row was read: the rail's delays are counted on it. */
  dbNow: Date;
};

const COLUMNS = `id, direction, reference, account_iban as "accountIban", counterparty_name as "counterpartyName",
  counterparty_iban as "counterpartyIban", counterparty_bic as "counterpartyBic", amount, currency, remittance,
  status, return_reason as "returnReason", return_requested as "returnRequested", created_at as "createdAt",
  now() as "dbNow"`;

type Raw = Omit<SandboxBankTransfer, "amount"> & { amount: string };
const toRow = (r: Raw): SandboxBankTransfer => ({ ...r, amount: BigInt(r.amount) });

export type NewSandboxBankTransfer = Omit<
  SandboxBankTransfer,
  "status" | "returnReason" | "returnRequested" | "createdAt" | "dbNow"
>;

/** The SQL of the sandbox bank's record (sandbox_bank_accounts, sandbox_bank_transfers). */
export const sandboxBankSql = {
  /** Opens an account once per reference: a second ask answers the first account. */
  async openAccount(c: SqlClient, a: { iban: string; bic: string; reference: string; holderName: string }) {
    const { rows } = await c.query<{ iban: string; bic: string }>(
      `with inserted as (
         insert into sandbox_bank_accounts (iban, bic, reference, holder_name) values ($1, $2, $3, $4)
         on conflict (reference) do nothing returning iban, bic)
       select iban, bic from inserted
       union all select iban, bic from sandbox_bank_accounts where reference = $3
       limit 1`,
      [a.iban, a.bic, a.reference, a.holderName],
    );
    const row = rows[0];
    if (!row) throw new Error("sandbox bank account vanished");
    return row;
  },

  async accountExists(c: SqlClient, iban: string): Promise<boolean> {
    const { rowCount } = await c.query("select 1 from sandbox_bank_accounts where iban = $1", [iban]);
    return rowCount === 1;
  },

  /** Inserts a transfer; an OUT transfer already sent (same reference) is answered instead. */
  async insert(c: SqlClient, t: NewSandboxBankTransfer): Promise<SandboxBankTransfer> {
    const { rows } = await c.query<Raw>(
      `with inserted as (
         insert into sandbox_bank_transfers (id, direction, reference, account_iban, counterparty_name,
           counterparty_iban, counterparty_bic, amount, currency, remittance, status)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'PENDING')
         on conflict (reference) do nothing returning *)
       select ${COLUMNS} from inserted
       union all select ${COLUMNS} from sandbox_bank_transfers where $3::text is not null and reference = $3
       limit 1`,
      [
        t.id,
        t.direction,
        t.reference,
        t.accountIban,
        t.counterpartyName,
        t.counterpartyIban,
        t.counterpartyBic,
        t.amount.toString(),
        t.currency,
        t.remittance,
      ],
    );
    const row = rows[0];
    if (!row) throw new Error("sandbox bank transfer vanished");
    return toRow(row);
  },

  async find(c: SqlClient, id: string): Promise<SandboxBankTransfer | undefined> {
    const { rows } = await c.query<Raw>(`select ${COLUMNS} from sandbox_bank_transfers where id = $1`, [id]);
    return rows[0] && toRow(rows[0]);
  },

  /** A transfer out by our reference, as a bank API's lookup finds it. */
  async findByReference(c: SqlClient, reference: string): Promise<SandboxBankTransfer | undefined> {
    const { rows } = await c.query<Raw>(
      `select ${COLUMNS} from sandbox_bank_transfers where reference = $1 and direction = 'OUT'`,
      [reference],
    );
    return rows[0] && toRow(rows[0]);
  },

  async recent(c: SqlClient, limit: number): Promise<SandboxBankTransfer[]> {
    const { rows } = await c.query<Raw>(
      `select ${COLUMNS} from sandbox_bank_transfers order by created_at desc limit $1`,
      [limit],
    );
    return rows.map(toRow);
  },

  /** A final status stays: ticks may overlap or repeat. */
  async finish(c: SqlClient, id: string, status: "EXECUTED" | "RETURNED", returnReason: string | null) {
    await c.query(
      `update sandbox_bank_transfers set status = $2, return_reason = $3, updated_at = now()
       where id = $1 and status = 'PENDING'`,
      [id, status, returnReason],
    );
  },

  /** The console's "return it": the next tick returns a pending outgoing transfer. */
  async requestReturn(c: SqlClient, id: string, reason: string): Promise<boolean> {
    const { rowCount } = await c.query(
      `update sandbox_bank_transfers set return_requested = $2, updated_at = now()
       where id = $1 and direction = 'OUT' and status = 'PENDING'`,
      [id, reason],
    );
    return rowCount === 1;
  },

  /** The console's "move the clock": the transfer's start moves back by `seconds`. */
  async shiftStart(c: SqlClient, id: string, seconds: number): Promise<boolean> {
    const { rowCount } = await c.query(
      `update sandbox_bank_transfers set created_at = created_at - make_interval(secs => $2)
       where id = $1 and status = 'PENDING'`,
      [id, seconds],
    );
    return rowCount === 1;
  },

  /**
   * The next tick of a transfer's clock (one queued job per transfer: job key). `now` ticks
   * replace a later one; a tick planning its successor keeps an earlier one already queued (the
   * console moved the clock on while that tick ran).
   */
  async scheduleTick(c: SqlClient, id: string, runAt: Date | null): Promise<void> {
    await c.query(
      `select graphile_worker.add_job($1, json_build_object('id', $2::text), run_at := coalesce($3, now()),
         job_key := 'bank_tick:' || $2, max_attempts := 25,
         job_key_mode := case when $3::timestamptz is null then 'replace' else 'preserve_run_at' end)`,
      [SANDBOX_BANK_TICK_TASK, id, runAt],
    );
  },
};
