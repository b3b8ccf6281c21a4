import type pg from "pg";
import { OPERATION_STATUSES, TRANSFER_TYPES } from "../../db/schema/ledger.ts";

/**
 * The ledger's invariants as SQL, shared by `npm run ledger:audit` and the tests. Each query
 * returns the violating rows (at most a few, as one `detail` text each): none means it holds.
 * Every join between ledger tables is on the merchant too: that is how the audit runs on Citus
 * (co-located joins, docs/scaling.md). A row pointing at another merchant's account, operation or
 * transfer is what the composite foreign keys refuse (ledger.backstops.test.ts), so no query here
 * looks for one.
 */
type Invariant = { name: string; sql: string };

const SAMPLE = "limit 5";

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(", ");

/**
 * What the write path alone writes, checked here rather than by CHECK constraints that every
 * insert would re-read (docs/ledger.md "Performance"): row shapes the other invariants rely on.
 */
const WELL_FORMED: Invariant = {
  name: "transfers, entries and operations are well-formed",
  sql: `
    (select format('transfer %s: type %s, pending %s, deadline %s', id, type, pending_id, timeout_at) as detail
     from ledger_transfers
     where type not in (${list(TRANSFER_TYPES)})
        or (pending_id is null) <> (type in ('posted', 'pending'))
        or (timeout_at is null) <> (type <> 'pending')
     ${SAMPLE})
    union all
    (select format('entry %s/%s: side %s', account_id, version, side)
     from ledger_entries where side not in ('debit', 'credit') or version < 1
     ${SAMPLE})
    union all
    (select format('operation %s: status %s, %s legs, key of %s characters', id, status, leg_count,
                   length(idempotency_key))
     from ledger_operations
     where status not in (${list(OPERATION_STATUSES)}) or leg_count < 0
        or length(idempotency_key) not between 1 and 400
     ${SAMPLE})`,
};

const INVARIANTS: readonly Invariant[] = [
  {
    name: "each currency's ledger sums to zero",
    sql: `
      select format('merchant %s %s: posted debits - credits = %s, pending debits - credits = %s',
                    merchant_id, currency, sum(debits_posted) - sum(credits_posted),
                    sum(debits_pending) - sum(credits_pending)) as detail
      from ledger_accounts group by merchant_id, currency
      having sum(debits_posted) <> sum(credits_posted) or sum(debits_pending) <> sum(credits_pending)
      ${SAMPLE}`,
  },
  {
    name: "each account's counters equal the sum of its transfers",
    sql: `
      with sides as (
        select t.merchant_id, s.account_id, s.is_debit, t.type, t.amount,
               (t.type = 'pending' and r.id is null) as open
        from ledger_transfers t
        left join ledger_transfers r on r.merchant_id = t.merchant_id and r.pending_id = t.id
        cross join lateral (values (t.debit_account_id, true), (t.credit_account_id, false)) as s(account_id, is_debit)
      ), sums as (
        select merchant_id, account_id,
          coalesce(sum(amount) filter (where is_debit and type in ('posted', 'post_pending')), 0) as dp,
          coalesce(sum(amount) filter (where not is_debit and type in ('posted', 'post_pending')), 0) as cp,
          coalesce(sum(amount) filter (where is_debit and open), 0) as dq,
          coalesce(sum(amount) filter (where not is_debit and open), 0) as cq
        from sides group by merchant_id, account_id
      )
      select format('account %s: counters %s/%s/%s/%s, transfers %s/%s/%s/%s', a.id,
                    a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending,
                    coalesce(s.dp, 0), coalesce(s.cp, 0), coalesce(s.dq, 0), coalesce(s.cq, 0)) as detail
      from ledger_accounts a left join sums s on s.merchant_id = a.merchant_id and s.account_id = a.id
      where a.debits_posted <> coalesce(s.dp, 0) or a.credits_posted <> coalesce(s.cp, 0)
         or a.debits_pending <> coalesce(s.dq, 0) or a.credits_pending <> coalesce(s.cq, 0)
      ${SAMPLE}`,
  },
  {
    name: "each account's entries form a gap-free chain ending at its counters",
    sql: `
      (select format('account %s: version %s, %s entries, highest %s', a.id, a.version, count(e.version),
                     coalesce(max(e.version), 0)) as detail
       from ledger_accounts a left join ledger_entries e on e.merchant_id = a.merchant_id and e.account_id = a.id
       group by a.merchant_id, a.id having a.version <> count(e.version) or a.version <> coalesce(max(e.version), 0)
       ${SAMPLE})
      union all
      (select format('account %s: last entry %s does not match the counters', a.id, e.version)
       from ledger_accounts a
       join ledger_entries e on e.merchant_id = a.merchant_id and e.account_id = a.id and e.version = a.version
       where (e.debits_posted, e.credits_posted, e.debits_pending, e.credits_pending)
             is distinct from (a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending)
       ${SAMPLE})
      union all
      (select format('account %s entry %s: not the previous entry plus transfer %s', e.account_id, e.version, t.id)
       from (select e.*,
                    lag(debits_posted, 1, 0::numeric) over w as p_dp, lag(credits_posted, 1, 0::numeric) over w as p_cp,
                    lag(debits_pending, 1, 0::numeric) over w as p_dq, lag(credits_pending, 1, 0::numeric) over w as p_cq
             from ledger_entries e window w as (partition by merchant_id, account_id order by version)) e
       join ledger_transfers t on t.merchant_id = e.merchant_id and t.id = e.transfer_id
       left join ledger_transfers p on p.merchant_id = t.merchant_id and p.id = t.pending_id
       cross join lateral (select
         case when t.type in ('posted', 'post_pending') then t.amount else 0 end as posted,
         case t.type when 'pending' then t.amount when 'post_pending' then -p.amount
                     when 'void_pending' then -t.amount when 'expire_pending' then -t.amount else 0 end as pending
       ) as delta
       where e.account_id <> case e.side when 'debit' then t.debit_account_id else t.credit_account_id end
          or (e.side = 'debit' and (e.debits_posted - e.p_dp, e.debits_pending - e.p_dq, e.credits_posted - e.p_cp,
                                    e.credits_pending - e.p_cq) is distinct from (delta.posted, delta.pending, 0, 0))
          or (e.side = 'credit' and (e.credits_posted - e.p_cp, e.credits_pending - e.p_cq, e.debits_posted - e.p_dp,
                                     e.debits_pending - e.p_dq) is distinct from (delta.posted, delta.pending, 0, 0))
       ${SAMPLE})
      union all
      (select format('transfer %s has %s debit and %s credit entries', t.id, coalesce(e.d, 0), coalesce(e.c, 0))
       from ledger_transfers t
       left join (select merchant_id, transfer_id, count(*) filter (where side = 'debit') as d,
                         count(*) filter (where side = 'credit') as c
                  from ledger_entries group by merchant_id, transfer_id) e
         on e.merchant_id = t.merchant_id and e.transfer_id = t.id
       where coalesce(e.d, 0) <> 1 or coalesce(e.c, 0) <> 1
       ${SAMPLE})`,
  },
  {
    name: "customer accounts never go below zero",
    sql: `
      (select format('account %s: available %s', id, credits_posted - debits_posted - debits_pending) as detail
       from ledger_accounts where owner_id is not null and credits_posted - debits_posted - debits_pending < 0
       ${SAMPLE})
      union all
      (select format('account %s entry %s: available %s', e.account_id, e.version,
                     e.credits_posted - e.debits_posted - e.debits_pending)
       from ledger_entries e join ledger_accounts a on a.merchant_id = e.merchant_id and a.id = e.account_id
       where a.owner_id is not null and e.credits_posted - e.debits_posted - e.debits_pending < 0
       ${SAMPLE})`,
  },
  {
    name: "no transfer crosses currencies",
    sql: `
      select format('transfer %s (%s): debit account %s, credit account %s', t.id, t.currency, d.currency,
                    c.currency) as detail
      from ledger_transfers t
      join ledger_accounts d on d.merchant_id = t.merchant_id and d.id = t.debit_account_id
      join ledger_accounts c on c.merchant_id = t.merchant_id and c.id = t.credit_account_id
      where d.currency <> t.currency or c.currency <> t.currency
      ${SAMPLE}`,
  },
  {
    name: "an operation is applied at most once",
    sql: `
      select format('merchant %s key %s: %s operations', merchant_id, idempotency_key, count(*)) as detail
      from ledger_operations group by merchant_id, idempotency_key having count(*) > 1
      ${SAMPLE}`,
  },
  {
    name: "a failed leg leaves no trace of any leg",
    sql: `
      (select format('operation %s: %s legs, %s transfers', o.id, o.leg_count, count(t.id)) as detail
       from ledger_operations o left join ledger_transfers t on t.merchant_id = o.merchant_id and t.operation_id = o.id
       group by o.merchant_id, o.id having count(t.id) <> o.leg_count
       ${SAMPLE})
      union all
      (select format('operation %s is completed without a stored response', id)
       from ledger_operations where status = 'completed' and response is null
       ${SAMPLE})`,
  },
  {
    name: "a pending transfer resolves at most once and never after expiry",
    sql: `
      (select format('pending %s resolved %s times', pending_id, count(*)) as detail
       from ledger_transfers where pending_id is not null group by merchant_id, pending_id having count(*) > 1
       ${SAMPLE})
      union all
      (select format('transfer %s (%s) of %s: at %s, deadline %s, amount %s of %s', r.id, r.type, p.id,
                     r.created_at, p.timeout_at, r.amount, p.amount)
       from ledger_transfers r join ledger_transfers p on p.merchant_id = r.merchant_id and p.id = r.pending_id
       where p.type <> 'pending'
          or (r.type in ('post_pending', 'void_pending') and r.created_at >= p.timeout_at)
          or (r.type = 'expire_pending' and r.created_at < p.timeout_at)
          or (r.type = 'post_pending' and r.amount > p.amount)
          or (r.type in ('void_pending', 'expire_pending') and r.amount <> p.amount)
          or (r.debit_account_id, r.credit_account_id, r.currency) <> (p.debit_account_id, p.credit_account_id, p.currency)
       ${SAMPLE})
      union all
      (select format('pending %s: listed open %s, resolved %s', t.id, o.transfer_id is not null, r.id is not null)
       from ledger_transfers t
       left join ledger_transfers r on r.merchant_id = t.merchant_id and r.pending_id = t.id
       left join ledger_open_pending o on o.merchant_id = t.merchant_id and o.transfer_id = t.id
       where t.type = 'pending' and (o.transfer_id is null) = (r.id is null)
       ${SAMPLE})`,
  },
  WELL_FORMED,
];

export type InvariantVerdict = { name: string; violations: string[] };

/**
 * Runs every invariant on one consistent snapshot (repeatable read, read only): on a live
 * database, writes committing during the audit cannot make a sound ledger look broken.
 */
export async function checkInvariants(client: Pick<pg.PoolClient, "query">): Promise<InvariantVerdict[]> {
  await client.query("begin isolation level repeatable read read only");
  try {
    const verdicts: InvariantVerdict[] = [];
    for (const invariant of INVARIANTS) {
      const { rows } = await client.query<{ detail: string }>(invariant.sql);
      verdicts.push({ name: invariant.name, violations: rows.map((r) => r.detail) });
    }
    return verdicts;
  } finally {
    await client.query("rollback");
  }
}
