import type { DepositEventKind, DepositProductType, DepositStatus } from "../../db/schema/index.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";

/** A term the merchant offers: `rateBp` is the yearly rate in hundredths of a percent. */
export type TemplateRow = {
  id: string;
  merchantId: string;
  currency: string;
  productType: DepositProductType;
  months: number;
  rateBp: number;
  minAmount: bigint;
  maxAmount: bigint;
};

export type DepositRow = {
  id: string;
  merchantId: string;
  customerId: string;
  currency: string;
  productType: DepositProductType;
  months: number;
  rateBp: number;
  minAmount: bigint;
  maxAmount: bigint;
  principal: bigint;
  principalAccountId: string;
  interestAccountId: string;
  openedAt: Date;
  expiresAt: Date;
  termDays: number;
  accruedDays: number;
  accruedInterest: bigint;
  status: DepositStatus;
  closedAt: Date | null;
  paidInterest: bigint | null;
};

export type DepositEventRow = {
  id: string;
  merchantId: string;
  depositId: string;
  operationId: string;
  kind: DepositEventKind;
  amount: bigint;
  fromDay: number | null;
  toDay: number | null;
  createdAt: Date;
};

const DEPOSIT_COLUMNS = `id, merchant_id as "merchantId", customer_id as "customerId", currency,
  product_type as "productType", months, rate_bp as "rateBp", min_amount as "minAmount",
  max_amount as "maxAmount", principal, principal_account_id as "principalAccountId",
  interest_account_id as "interestAccountId", opened_at as "openedAt", expires_at as "expiresAt",
  term_days as "termDays", accrued_days as "accruedDays", accrued_interest as "accruedInterest", status,
  closed_at as "closedAt", paid_interest as "paidInterest"`;

type Raw<T, K extends keyof T> = Omit<T, K> & { [P in K]: string | null };
type RawDeposit = Raw<
  DepositRow,
  "minAmount" | "maxAmount" | "principal" | "accruedInterest" | "paidInterest"
>;

// pg returns numeric as text: money becomes bigint here, never a number.
const toDeposit = (r: RawDeposit): DepositRow => ({
  ...r,
  minAmount: BigInt(r.minAmount as string),
  maxAmount: BigInt(r.maxAmount as string),
  principal: BigInt(r.principal as string),
  accruedInterest: BigInt(r.accruedInterest as string),
  paidInterest: r.paidInterest === null ? null : BigInt(r.paidInterest),
});

/** The SQL of earn: every read and write names the merchant, and a customer's reads the customer. */
export function createDepositsRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  return {
    /** The offered templates (months and rate above 0), by currency then months ascending. */
    async listOfferedTemplates(merchantId: string): Promise<TemplateRow[]> {
      const { rows } = await db.withClient((c) =>
        c.query<Raw<TemplateRow, "minAmount" | "maxAmount">>(
          `select id, merchant_id as "merchantId", currency, product_type as "productType", months,
             rate_bp as "rateBp", min_amount as "minAmount", max_amount as "maxAmount"
           from deposit_templates where merchant_id = $1 and months > 0 and rate_bp > 0
           order by currency, months, product_type`,
          [merchantId],
        ),
      );
      return rows.map((r) => ({
        ...r,
        minAmount: BigInt(r.minAmount as string),
        maxAmount: BigInt(r.maxAmount as string),
      }));
    },
  };
}

export type DepositsRepository = ReturnType<typeof createDepositsRepository>;

/** Writes and locked reads inside a use-case's transaction, and the reads of the pool. */
export const depositsSql = {
  /** Seeds templates in one statement; an existing term (merchant, currency, type, months) is kept. */
  async insertTemplatesIfMissing(tx: Tx, rows: TemplateRow[]): Promise<void> {
    if (rows.length === 0) return;
    const values: unknown[] = [];
    const tuples = rows.map(
      (r) =>
        `($${values.push(r.id)}, $${values.push(r.merchantId)}, $${values.push(r.currency)}, $${values.push(r.productType)}, $${values.push(r.months)}, $${values.push(r.rateBp)}, $${values.push(String(r.minAmount))}, $${values.push(String(r.maxAmount))})`,
    );
    await tx.query(
      `insert into deposit_templates (id, merchant_id, currency, product_type, months, rate_bp, min_amount, max_amount)
       values ${tuples.join(", ")} on conflict do nothing`,
      values,
    );
  },

  async insert(tx: Tx, d: DepositRow): Promise<void> {
    await tx.query(
      `insert into deposits (id, merchant_id, customer_id, currency, product_type, months, rate_bp, min_amount,
         max_amount, principal, principal_account_id, interest_account_id, opened_at, expires_at, term_days,
         accrued_days, accrued_interest, status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 0, 0, 'OPEN')`,
      [
        d.id,
        d.merchantId,
        d.customerId,
        d.currency,
        d.productType,
        d.months,
        d.rateBp,
        String(d.minAmount),
        String(d.maxAmount),
        String(d.principal),
        d.principalAccountId,
        d.interestAccountId,
        d.openedAt,
        d.expiresAt,
        d.termDays,
      ],
    );
  },

  /**
   * The deposit, its row locked until the transaction ends: accruals, maturity and a close of one
   * deposit take turns, each seeing what the one before wrote. Taken before the ledger's accounts.
   * An UPDATE that changes nothing: a write holds the merchant's shard group in place on Citus
   * (docs/scaling.md, "A transaction's first statement writes").
   */
  async lock(tx: Tx, merchantId: string, id: string): Promise<DepositRow | undefined> {
    const { rows } = await tx.query<RawDeposit>(
      `update deposits set expires_at = expires_at where merchant_id = $1 and id = $2 returning ${DEPOSIT_COLUMNS}`,
      [merchantId, id],
    );
    return rows[0] && toDeposit(rows[0]);
  },

  /** A deposit by id within its merchant, unlocked: for the reads before a transaction. */
  async read(tx: Tx, merchantId: string, id: string): Promise<DepositRow | undefined> {
    const { rows } = await tx.query<RawDeposit>(
      `select ${DEPOSIT_COLUMNS} from deposits where merchant_id = $1 and id = $2`,
      [merchantId, id],
    );
    return rows[0] && toDeposit(rows[0]);
  },

  /** One customer's deposit; another customer's id finds nothing. */
  async find(
    tx: Tx,
    q: { merchantId: string; customerId: string; id: string },
  ): Promise<DepositRow | undefined> {
    const { rows } = await tx.query<RawDeposit>(
      `select ${DEPOSIT_COLUMNS} from deposits where merchant_id = $1 and customer_id = $2 and id = $3`,
      [q.merchantId, q.customerId, q.id],
    );
    return rows[0] && toDeposit(rows[0]);
  },

  /** A customer's open (or closed and matured) deposits, newest first, and how many there are. */
  async page(
    tx: Tx,
    q: { merchantId: string; customerId: string; closed: boolean; offset: number; limit: number },
  ): Promise<{ rows: DepositRow[]; total: number }> {
    const filter = `merchant_id = $1 and customer_id = $2 and (status = 'OPEN') = not $3`;
    const args = [q.merchantId, q.customerId, q.closed];
    const [{ rows }, count] = await Promise.all([
      tx.query<RawDeposit>(
        `select ${DEPOSIT_COLUMNS} from deposits where ${filter} order by opened_at desc, id desc offset $4 limit $5`,
        [...args, q.offset, q.limit],
      ),
      tx.query<{ n: number }>(`select count(*)::int as n from deposits where ${filter}`, args),
    ]);
    return { rows: rows.map(toDeposit), total: count.rows[0]?.n ?? 0 };
  },

  async recordAccrual(tx: Tx, d: { merchantId: string; id: string; toDay: number; interest: bigint }) {
    await tx.query(
      `update deposits set accrued_days = $3, accrued_interest = $4 where merchant_id = $1 and id = $2`,
      [d.merchantId, d.id, d.toDay, String(d.interest)],
    );
  },

  async close(
    tx: Tx,
    d: {
      merchantId: string;
      id: string;
      status: Exclude<DepositStatus, "OPEN">;
      at: Date;
      paidInterest: bigint;
    },
  ) {
    await tx.query(
      `update deposits set status = $3, closed_at = $4, paid_interest = $5 where merchant_id = $1 and id = $2`,
      [d.merchantId, d.id, d.status, d.at, String(d.paidInterest)],
    );
  },

  async insertEvent(tx: Tx, e: DepositEventRow): Promise<void> {
    await tx.query(
      `insert into deposit_events (id, merchant_id, deposit_id, operation_id, kind, amount, from_day, to_day, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        e.id,
        e.merchantId,
        e.depositId,
        e.operationId,
        e.kind,
        String(e.amount),
        e.fromDay,
        e.toDay,
        e.createdAt,
      ],
    );
  },

  /** A deposit's events, newest first. */
  async events(tx: Tx, merchantId: string, depositId: string): Promise<DepositEventRow[]> {
    const { rows } = await tx.query<Raw<DepositEventRow, "amount">>(
      `select id, merchant_id as "merchantId", deposit_id as "depositId", operation_id as "operationId", kind,
         amount, from_day as "fromDay", to_day as "toDay", created_at as "createdAt"
       from deposit_events where merchant_id = $1 and deposit_id = $2 order by created_at desc, id desc`,
      [merchantId, depositId],
    );
    return rows.map((r) => ({ ...r, amount: BigInt(r.amount as string) }));
  },

  /**
   * Open deposits with interest or maturity due at `at`, oldest first: the worker's work list,
   * across merchants (each is then handled in its own merchant's transaction).
   */
  async due(tx: Tx, at: Date, limit: number): Promise<{ merchantId: string; id: string }[]> {
    const { rows } = await tx.query<{ merchantId: string; id: string }>(
      `select merchant_id as "merchantId", id from deposits
       where status = 'OPEN'
         and (expires_at <= $1 or accrued_days < floor(extract(epoch from ($1 - opened_at)) / 86400))
       order by opened_at limit $2`,
      [at, limit],
    );
    return rows;
  },

  /** Sandbox: the deposit's dates `days` earlier, as if opened that much before. */
  async moveBack(
    tx: Tx,
    q: { merchantId: string; id: string; days: number },
  ): Promise<DepositRow | undefined> {
    const { rows } = await tx.query<RawDeposit>(
      `update deposits set opened_at = opened_at - make_interval(days => $3),
         expires_at = expires_at - make_interval(days => $3)
       where merchant_id = $1 and id = $2 and status = 'OPEN' returning ${DEPOSIT_COLUMNS}`,
      [q.merchantId, q.id, q.days],
    );
    return rows[0] && toDeposit(rows[0]);
  },
};
