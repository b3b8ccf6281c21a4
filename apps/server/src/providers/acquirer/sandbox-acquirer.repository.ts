import type pg from "pg";
import type { ClientSource } from "../../db/transaction.ts";
import type { AcquirerEvent } from "./acquirer-callback.ts";
import type { BrowserInfo } from "./acquirer-provider.ts";

export type SandboxPaymentRow = {
  id: string;
  kind: "PAYIN" | "PAYOUT";
  token: string;
  reference: string;
  amount: bigint;
  currency: string;
  status: string;
  otp: string | null;
  attempts: number;
  returnUrl: string | null;
  sequence: number;
  createdAt: Date;
};

const COLUMNS = `id, kind, token, reference, amount, currency, status, otp, attempts, return_url as "returnUrl",
  sequence, created_at as "createdAt"`;
const toRow = (r: SandboxPaymentRow & { amount: string | bigint }): SandboxPaymentRow => ({
  ...r,
  amount: BigInt(r.amount),
});

/** The worker job that ends a challenge nobody answered (jobs/index.ts runs it). */
export const ACQUIRER_CHALLENGE_TIMEOUT_TASK = "acquirer_challenge_timeout";

/** A payment as the sandbox first stores it: attempts, sequence and time are the database's. */
type NewPayment = Omit<SandboxPaymentRow, "attempts" | "sequence" | "createdAt"> & {
  browser: BrowserInfo | null;
};

async function insertPaymentSql(c: pg.ClientBase, p: NewPayment): Promise<SandboxPaymentRow> {
  const { rows } = await c.query<SandboxPaymentRow & { amount: string }>(
    `insert into sandbox_acquirer_payments (id, kind, token, reference, amount, currency, status, otp, return_url, browser)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning ${COLUMNS}`,
    [
      p.id,
      p.kind,
      p.token,
      p.reference,
      String(p.amount),
      p.currency,
      p.status,
      p.otp,
      p.returnUrl,
      p.browser,
    ],
  );
  return toRow(rows[0] as SandboxPaymentRow & { amount: string });
}

/** The sandbox acquirer's SQL (its own tables, as a real acquirer keeps its own books). */
export function createSandboxAcquirerRepository(db: ClientSource) {
  return {
    async saveToken(t: { token: string; fingerprint: string; scenario: string; bin: string; last4: string }) {
      await db.withClient((c) =>
        c.query(
          `insert into sandbox_acquirer_tokens (token, fingerprint, scenario, bin, last4) values ($1, $2, $3, $4, $5)
           on conflict (token) do nothing`,
          [t.token, t.fingerprint, t.scenario, t.bin, t.last4],
        ),
      );
    },

    async findToken(token: string) {
      const { rows } = await db.withClient((c) =>
        c.query<{ token: string; scenario: string; bin: string; last4: string }>(
          "select token, scenario, bin, last4 from sandbox_acquirer_tokens where token = $1",
          [token],
        ),
      );
      return rows[0];
    },

    async insertPayment(p: NewPayment): Promise<SandboxPaymentRow> {
      return db.withClient((c) => insertPaymentSql(c, p));
    },

    /**
     * A payment waiting at the challenge, with the job that ends it `timeoutSeconds` later if the
     * customer never answers (its clock is the worker's run_at), both or neither.
     */
    async insertChallenge(p: NewPayment, timeoutSeconds: number): Promise<SandboxPaymentRow> {
      return db.withClient(async (c) => {
        await c.query("begin");
        try {
          const row = await insertPaymentSql(c, p);
          await c.query(
            `select graphile_worker.add_job($1, json_build_object('paymentId', $2::text),
               run_at := now() + make_interval(secs => $3), job_key := $4)`,
            [ACQUIRER_CHALLENGE_TIMEOUT_TASK, p.id, timeoutSeconds, `acquirer-challenge:${p.id}`],
          );
          await c.query("commit");
          return row;
        } catch (err) {
          await c.query("rollback");
          throw err;
        }
      });
    },

    /** True once the payment is older than `seconds` by the database's clock. */
    async olderThan(id: string, seconds: number): Promise<boolean> {
      const { rows } = await db.withClient((c) =>
        c.query<{ old: boolean }>(
          "select created_at <= now() - make_interval(secs => $2) as old from sandbox_acquirer_payments where id = $1",
          [id, seconds],
        ),
      );
      return rows[0]?.old ?? false;
    },

    async findPayment(id: string): Promise<SandboxPaymentRow | undefined> {
      const { rows } = await db.withClient((c) =>
        c.query<SandboxPaymentRow & { amount: string }>(
          `select ${COLUMNS} from sandbox_acquirer_payments where id = $1`,
          [id],
        ),
      );
      return rows[0] ? toRow(rows[0]) : undefined;
    },

    async countAttempt(id: string): Promise<number> {
      const { rows } = await db.withClient((c) =>
        c.query<{ attempts: number }>(
          "update sandbox_acquirer_payments set attempts = attempts + 1 where id = $1 returning attempts",
          [id],
        ),
      );
      return rows[0]?.attempts ?? 0;
    },

    /**
     * The payment's next state and its callback job, together: the sequence is taken under the
     * row's lock, so a payment's events are numbered in the order they happened. With `from`, only
     * a payment still in that state moves (the customer's answer and the challenge's timeout may
     * meet: one wins, the other changes nothing); answers whether it moved.
     */
    async advance(
      id: string,
      status: string,
      event: (sequence: number) => AcquirerEvent,
      delaySeconds: number,
      from?: string,
    ): Promise<boolean> {
      return db.withClient(async (c) => {
        await c.query("begin");
        try {
          const { rows } = await c.query<{ sequence: number }>(
            `update sandbox_acquirer_payments set status = $2, sequence = sequence + 1
             where id = $1 and ($3::text is null or status = $3) returning sequence`,
            [id, status, from ?? null],
          );
          const sequence = rows[0]?.sequence;
          if (sequence === undefined && from !== undefined) {
            await c.query("rollback");
            return false;
          }
          if (sequence === undefined) throw new Error(`no sandbox payment ${id}`);
          await c.query(
            `select graphile_worker.add_job('acquirer_callback', $1::json,
               run_at := now() + make_interval(secs => $2), max_attempts := 12)`,
            [JSON.stringify({ event: event(sequence) }), delaySeconds],
          );
          await c.query("commit");
          return true;
        } catch (err) {
          await c.query("rollback");
          throw err;
        }
      });
    },

    async recent(limit: number): Promise<SandboxPaymentRow[]> {
      const { rows } = await db.withClient((c) =>
        c.query<SandboxPaymentRow & { amount: string }>(
          `select ${COLUMNS} from sandbox_acquirer_payments order by created_at desc limit $1`,
          [limit],
        ),
      );
      return rows.map(toRow);
    },

    /** Since when the console has the acquirer failing (every instance reads the same row), or null. */
    async outageSince(): Promise<Date | null> {
      const { rows } = await db.withClient((c) =>
        c.query<{ startedAt: Date }>(
          `select started_at as "startedAt" from sandbox_outages where provider = 'acquirer'`,
        ),
      );
      return rows[0]?.startedAt ?? null;
    },

    async setOutage(on: boolean): Promise<void> {
      await db.withClient((c) =>
        c.query(
          on
            ? `insert into sandbox_outages (provider) values ('acquirer') on conflict (provider) do nothing`
            : `delete from sandbox_outages where provider = 'acquirer'`,
        ),
      );
    },
  };
}
