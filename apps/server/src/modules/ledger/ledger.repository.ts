import type { CurrencyCode } from "@kestrel/money";
import type pg from "pg";
import { type RawAccount, type RawTransfer, toAccount, toTransfer } from "./ledger.rows.ts";
import type { Account, AccountKind, AppliedTransfer, HouseAccountKind } from "./ledger.types.ts";

type Queryable = Pick<pg.PoolClient, "query">;

// The SQL of accounts and transfers, tenant-scoped (operations.repository.ts writes them).

export type NewAccount = {
  id: string;
  merchantId: string;
  ownerId: string | null;
  kind: AccountKind;
  currency: CurrencyCode;
  shard: number;
  debitsMustNotExceedCredits: boolean;
};

const ACCOUNT_COLUMNS = `id, merchant_id, owner_id, kind, currency, shard, closed, debits_posted,
  credits_posted, debits_pending, credits_pending, version`;

/** Inserts accounts; an existing one (same id or same unique slot) is left as it is. */
export async function insertAccountsSql(client: Queryable, accounts: NewAccount[]): Promise<void> {
  if (accounts.length === 0) return;
  // A VALUES list: Citus routes it to the merchant's shard; INSERT ... SELECT FROM unnest(...)
  // goes through the coordinator (docs/scaling.md).
  const values: unknown[] = [];
  const rows = accounts.map(
    (a) =>
      `($${values.push(a.id)}::uuid, $${values.push(a.merchantId)}::uuid, $${values.push(a.ownerId)}::uuid,
        $${values.push(a.kind)}, $${values.push(a.currency)}, $${values.push(a.shard)}::smallint,
        $${values.push(a.debitsMustNotExceedCredits)}::boolean)`,
  );
  await client.query(
    `insert into ledger_accounts (id, merchant_id, owner_id, kind, currency, shard, debits_must_not_exceed_credits)
     values ${rows.join(", ")}
     on conflict do nothing`,
    values,
  );
}

export async function findAccountSql(
  client: Queryable,
  merchantId: string,
  accountId: string,
): Promise<Account | undefined> {
  const { rows } = await client.query<RawAccount>(
    `select ${ACCOUNT_COLUMNS} from ledger_accounts where id = $1 and merchant_id = $2`,
    [accountId, merchantId],
  );
  return rows[0] && toAccount(rows[0]);
}

export async function findCustomerWalletSql(
  client: Queryable,
  merchantId: string,
  ownerId: string,
  currency: CurrencyCode,
): Promise<Account | undefined> {
  // Named (prepared once per connection): every send looks up two wallets.
  const { rows } = await client.query<RawAccount>({
    name: "ledger_find_customer_wallet",
    text: `select ${ACCOUNT_COLUMNS} from ledger_accounts
     where merchant_id = $1 and owner_id = $2 and currency = $3 and kind = 'customer_wallet'`,
    values: [merchantId, ownerId, currency],
  });
  return rows[0] && toAccount(rows[0]);
}

/** The wallet ids of several customers in one currency (the two parties of a send), by owner. */
export async function findCustomerWalletIdsSql(
  client: Queryable,
  merchantId: string,
  ownerIds: string[],
  currency: CurrencyCode,
): Promise<Map<string, string>> {
  const { rows } = await client.query<{ owner_id: string; id: string }>({
    name: "ledger_find_customer_wallet_ids",
    text: `select owner_id, id from ledger_accounts
     where merchant_id = $1 and owner_id = any($2::uuid[]) and currency = $3 and kind = 'customer_wallet'`,
    values: [merchantId, ownerIds, currency],
  });
  return new Map(rows.map((r) => [r.owner_id, r.id]));
}

export async function listCustomerAccountsSql(
  client: Queryable,
  merchantId: string,
  ownerId: string,
  kind: AccountKind | undefined,
): Promise<Account[]> {
  const { rows } = await client.query<RawAccount>(
    `select ${ACCOUNT_COLUMNS} from ledger_accounts
     where merchant_id = $1 and owner_id = $2 and ($3::text is null or kind = $3) order by created_at, id`,
    [merchantId, ownerId, kind ?? null],
  );
  return rows.map(toAccount);
}

export async function listHouseShardsSql(
  client: Queryable,
  merchantId: string,
  kind: HouseAccountKind,
  currency: CurrencyCode,
): Promise<Account[]> {
  const { rows } = await client.query<RawAccount>(
    `select ${ACCOUNT_COLUMNS} from ledger_accounts
     where merchant_id = $1 and owner_id is null and kind = $2 and currency = $3 order by shard`,
    [merchantId, kind, currency],
  );
  return rows.map(toAccount);
}

/** Locks the account and closes it when it holds nothing. Undefined: no such account. */
export async function closeEmptyAccountSql(
  client: Queryable,
  merchantId: string,
  accountId: string,
): Promise<"closed" | "not_empty" | undefined> {
  const { rows } = await client.query<RawAccount>(
    `select ${ACCOUNT_COLUMNS} from ledger_accounts where id = $1 and merchant_id = $2 for no key update`,
    [accountId, merchantId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const a = toAccount(row);
  if (a.balance !== 0n || a.debitsPending !== 0n || a.creditsPending !== 0n) return "not_empty";
  await client.query("update ledger_accounts set closed = true where id = $1 and merchant_id = $2", [
    accountId,
    merchantId,
  ]);
  return "closed";
}

export async function findTransferSql(
  client: Queryable,
  merchantId: string,
  transferId: string,
): Promise<AppliedTransfer | undefined> {
  const { rows } = await client.query<RawTransfer>(
    `select id, type, debit_account_id as "debitAccountId", credit_account_id as "creditAccountId",
            currency, amount, pending_id as "pendingId", timeout_at as "timeoutAt"
     from ledger_transfers where id = $1 and merchant_id = $2`,
    [transferId, merchantId],
  );
  return rows[0] && toTransfer(rows[0]);
}

/** Reservations whose deadline has passed and that nobody resolved, oldest first. */
export async function listDuePendingSql(
  client: Queryable,
  now: Date | undefined,
  limit: number,
): Promise<{ transferId: string; merchantId: string }[]> {
  const { rows } = await client.query<{ transferId: string; merchantId: string }>(
    `select transfer_id as "transferId", merchant_id as "merchantId" from ledger_open_pending
     where timeout_at <= coalesce($1::timestamptz, now()) order by timeout_at limit $2`,
    [now ?? null, limit],
  );
  return rows;
}
