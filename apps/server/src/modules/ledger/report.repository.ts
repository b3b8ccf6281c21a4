import type pg from "pg";
import type { AccountKind, HouseAccountKind } from "./ledger.types.ts";

type Queryable = Pick<pg.PoolClient, "query">;

// The ledger's reads for the back-office's reports (docs/backoffice.md "Reports and
// reconciliation"): aggregated in the database, posted money only (a reservation moves no
// posted balance until it is posted), days in UTC.

/** Posted transfers of one UTC day and currency, summed by operation kind and the two sides' kinds. */
export type DailyMovement = {
  day: string;
  currency: string;
  operationKind: string;
  debitKind: AccountKind;
  creditKind: AccountKind;
  amount: bigint;
  count: number;
};

export async function dailyMovementsSql(
  client: Queryable,
  merchantId: string,
  from: Date,
  to: Date,
): Promise<DailyMovement[]> {
  const { rows } = await client.query<{
    day: string;
    currency: string;
    operation_kind: string;
    debit_kind: AccountKind;
    credit_kind: AccountKind;
    amount: string;
    count: number;
  }>(
    `select to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, t.currency,
       o.kind as operation_kind, d.kind as debit_kind, c.kind as credit_kind,
       sum(t.amount)::text as amount, count(*)::int as count
     from ledger_transfers t
     join ledger_operations o on o.id = t.operation_id and o.merchant_id = t.merchant_id
     join ledger_accounts d on d.id = t.debit_account_id and d.merchant_id = t.merchant_id
     join ledger_accounts c on c.id = t.credit_account_id and c.merchant_id = t.merchant_id
     where t.merchant_id = $1 and t.created_at >= $2 and t.created_at < $3
       and t.type in ('posted', 'post_pending')
     group by 1, 2, 3, 4, 5
     order by 1, 2, 3, 4, 5`,
    [merchantId, from, to],
  );
  return rows.map((r) => ({
    day: r.day,
    currency: r.currency,
    operationKind: r.operation_kind,
    debitKind: r.debit_kind,
    creditKind: r.credit_kind,
    amount: BigInt(r.amount),
    count: r.count,
  }));
}

/** Customers whose accounts had a posted movement, per UTC day and currency. */
export async function dailyActiveCustomersSql(
  client: Queryable,
  merchantId: string,
  from: Date,
  to: Date,
): Promise<{ day: string; currency: string; customers: number }[]> {
  const { rows } = await client.query<{ day: string; currency: string; customers: number }>(
    `select to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, t.currency,
       count(distinct a.owner_id)::int as customers
     from ledger_transfers t
     join ledger_accounts a on a.id in (t.debit_account_id, t.credit_account_id) and a.merchant_id = t.merchant_id
     where t.merchant_id = $1 and t.created_at >= $2 and t.created_at < $3
       and t.type in ('posted', 'post_pending') and a.owner_id is not null
     group by 1, 2`,
    [merchantId, from, to],
  );
  return rows;
}

/**
 * What the merchant's customers held, per currency, just before `at`: what their accounts hold
 * now less what was posted to them since (so it reads the transfers after `at`, not all before).
 */
export async function customerBalancesBeforeSql(
  client: Queryable,
  merchantId: string,
  at: Date,
): Promise<Map<string, bigint>> {
  const { rows } = await client.query<{ currency: string; balance: string }>(
    `with now_held as (
       select currency, sum(credits_posted - debits_posted) as balance
       from ledger_accounts where merchant_id = $1 and owner_id is not null group by currency),
     since as (
       select t.currency,
         sum(case when c.owner_id is not null then t.amount else 0 end)
           - sum(case when d.owner_id is not null then t.amount else 0 end) as net
       from ledger_transfers t
       join ledger_accounts d on d.id = t.debit_account_id and d.merchant_id = t.merchant_id
       join ledger_accounts c on c.id = t.credit_account_id and c.merchant_id = t.merchant_id
       where t.merchant_id = $1 and t.created_at >= $2 and t.type in ('posted', 'post_pending')
       group by t.currency)
     select n.currency, (n.balance - coalesce(s.net, 0))::text as balance
     from now_held n left join since s on s.currency = n.currency`,
    [merchantId, at],
  );
  return new Map(rows.map((r) => [r.currency, BigInt(r.balance)]));
}

/** Every house account's posted balance and open reservations, shards summed, per merchant given. */
export async function houseBalancesSql(
  client: Queryable,
  merchantIds: string[],
): Promise<{ kind: HouseAccountKind; currency: string; balance: bigint; pending: bigint }[]> {
  const { rows } = await client.query<{
    kind: HouseAccountKind;
    currency: string;
    balance: string;
    pending: string;
  }>(
    `select kind, currency, sum(credits_posted - debits_posted)::text as balance,
       sum(credits_pending - debits_pending)::text as pending
     from ledger_accounts
     where merchant_id = any($1::uuid[]) and owner_id is null
     group by kind, currency order by kind, currency`,
    [merchantIds],
  );
  return rows.map((r) => ({
    kind: r.kind,
    currency: r.currency,
    balance: BigInt(r.balance),
    pending: BigInt(r.pending),
  }));
}
