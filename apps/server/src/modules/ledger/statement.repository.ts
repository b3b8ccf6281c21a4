import type { CurrencyCode } from "@kestrel/money";
import type pg from "pg";
import type { AccountKind, TransferType } from "./ledger.types.ts";

type Queryable = Pick<pg.PoolClient, "query">;

// The ledger's reads for a customer's statement: balances at a moment and the posted movements
// of a range, from entries and transfers (pending reservations move no posted balance).

export type AccountAt = {
  accountId: string;
  kind: AccountKind;
  currency: CurrencyCode;
  /** credits_posted - debits_posted of the account's last entry before the moment (0: none). */
  balance: bigint;
};

export type PostedMovement = {
  accountId: string;
  version: bigint;
  transferId: string;
  operationId: string;
  operationKind: string;
  transferType: TransferType;
  /** Signed: positive when the account was credited. */
  amount: bigint;
  /** The kind of the account on the other side (fee_income: the leg is a fee). */
  otherKind: AccountKind;
  at: Date;
};

/** Every account of the customer with its posted balance just before `at`. */
export async function customerBalancesAtSql(
  client: Queryable,
  merchantId: string,
  ownerId: string,
  at: Date,
): Promise<AccountAt[]> {
  const { rows } = await client.query<{
    id: string;
    kind: AccountKind;
    currency: CurrencyCode;
    balance: string;
  }>(
    `select a.id, a.kind, a.currency,
       coalesce((select e.credits_posted - e.debits_posted from ledger_entries e
                 where e.account_id = a.id and e.created_at < $3 order by e.version desc limit 1), 0) as balance
     from ledger_accounts a
     where a.merchant_id = $1 and a.owner_id = $2
     order by a.created_at, a.id`,
    [merchantId, ownerId, at],
  );
  return rows.map((r) => ({
    accountId: r.id,
    kind: r.kind,
    currency: r.currency,
    balance: BigInt(r.balance),
  }));
}

/**
 * The customer's posted movements in [from, to), oldest first per account. The amount is the
 * transfer's (not the entry's counters), so a statement built from these can be checked against
 * the balances the entries record.
 */
export async function customerMovementsSql(
  client: Queryable,
  merchantId: string,
  ownerId: string,
  from: Date,
  to: Date,
): Promise<PostedMovement[]> {
  const { rows } = await client.query<{
    account_id: string;
    version: string;
    transfer_id: string;
    operation_id: string;
    operation_kind: string;
    transfer_type: TransferType;
    amount: string;
    other_kind: AccountKind;
    at: Date;
  }>(
    `select e.account_id, e.version, t.id as transfer_id, t.operation_id, o.kind as operation_kind,
       t.type as transfer_type,
       case when e.side = 'credit' then t.amount else -t.amount end as amount,
       other.kind as other_kind, e.created_at as at
     from ledger_accounts a
     join ledger_entries e on e.account_id = a.id
     join ledger_transfers t on t.id = e.transfer_id and t.merchant_id = a.merchant_id
     join ledger_operations o on o.id = t.operation_id
     join ledger_accounts other
       on other.id = case when e.side = 'credit' then t.debit_account_id else t.credit_account_id end
     where a.merchant_id = $1 and a.owner_id = $2 and e.created_at >= $3 and e.created_at < $4
       and t.type in ('posted', 'post_pending')
     order by a.created_at, a.id, e.version`,
    [merchantId, ownerId, from, to],
  );
  return rows.map((r) => ({
    accountId: r.account_id,
    version: BigInt(r.version),
    transferId: r.transfer_id,
    operationId: r.operation_id,
    operationKind: r.operation_kind,
    transferType: r.transfer_type,
    amount: BigInt(r.amount),
    otherKind: r.other_kind,
    at: r.at,
  }));
}

export type WalletDayClose = { accountId: string; currency: CurrencyCode; day: string; balance: bigint };

/**
 * The customer's wallets (kind customer_wallet: what home's total adds up) with their posted
 * balance at `from`, and the balance each closed a UTC day of [from, to) on, for the days it moved.
 * A day without a row closed where the one before did: the caller carries the balance forward, so
 * the read is one pass over the range's entries, however many days are asked.
 */
export async function walletDayClosesSql(
  client: Queryable,
  merchantId: string,
  ownerId: string,
  from: Date,
  to: Date,
): Promise<{ opening: AccountAt[]; closes: WalletDayClose[] }> {
  const opening = (await customerBalancesAtSql(client, merchantId, ownerId, from)).filter(
    (a) => a.kind === "customer_wallet",
  );
  const { rows } = await client.query<{
    account_id: string;
    currency: CurrencyCode;
    day: string;
    balance: string;
  }>(
    `select distinct on (e.account_id, day) e.account_id, a.currency,
       to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
       e.credits_posted - e.debits_posted as balance
     from ledger_accounts a
     join ledger_entries e on e.merchant_id = a.merchant_id and e.account_id = a.id
     where a.merchant_id = $1 and a.owner_id = $2 and a.kind = 'customer_wallet'
       and e.created_at >= $3 and e.created_at < $4
     order by e.account_id, day, e.version desc`,
    [merchantId, ownerId, from, to],
  );
  const closes = rows.map((r) => ({
    accountId: r.account_id,
    currency: r.currency,
    day: r.day,
    balance: BigInt(r.balance),
  }));
  return { opening, closes };
}
