import { writeFile } from "node:fs/promises";
import path from "node:path";
import { openDatabase } from "../../apps/server/src/db/database.ts";
import { prepareDatabase } from "../../apps/server/src/db/prepare.ts";
import { clientSourceFromPool } from "../../apps/server/src/db/transaction.ts";
import { createLedgerService } from "../../apps/server/src/modules/ledger/index.ts";
import { DEMO_MERCHANT_ID } from "../../apps/server/src/modules/merchants/index.ts";

export const BENCH_ACCOUNTS = 10_000;
const FUNDS = 1_000_000_00n;
const FUNDING_CLIENTS = 4;

/** bench.account(n) of the SQL below, in TypeScript. */
const benchAccountId = (n: number): string => `00000000-0000-7000-8000-${String(n).padStart(12, "0")}`;

/**
 * The bench's ledger database: prepared as a server start prepares it (migrated, seeded, and on
 * Citus distributed by merchant), 10,000 funded EUR wallets
 * with ids pgbench can compute (bench.account(n)), the house accounts, and bench.uuidv7() so the
 * pgbench scripts can make the UUIDv7 ids the application makes (PostgreSQL 15 has no uuidv7()).
 */
export async function prepareLedgerDatabase(url: string): Promise<void> {
  const database = openDatabase(url, { max: 4 });
  try {
    // The start's own preparation: on a Citus coordinator it also distributes the tables.
    await prepareDatabase(database);
    const { pool } = database;
    // The bench's own functions live in a schema of their own: the server's start drops every
    // function of the public schema that no file of db/functions defines.
    await pool.query(`
      create schema bench;
      create function bench.account(n integer) returns uuid language sql immutable as
        $$ select ('00000000-0000-7000-8000-' || lpad(n::text, 12, '0'))::uuid $$;
      -- A random (v4) UUID turned into a v7: 48-bit millisecond time first, version bits 0111.
      create function bench.uuidv7() returns uuid language sql volatile as $$
        select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing
          substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
          from 1 for 6), 52, 1), 53, 1), 'hex')::uuid $$;
      insert into ledger_accounts (id, merchant_id, owner_id, kind, currency, debits_must_not_exceed_credits)
        select bench.account(n), '${DEMO_MERCHANT_ID}', bench.account(n), 'customer_wallet', 'EUR', true
        from generate_series(1, ${BENCH_ACCOUNTS}) as n;`);
    const ledger = createLedgerService({ db: clientSourceFromPool(pool) });
    await ledger.ensureHouseAccounts({ merchantId: DEMO_MERCHANT_ID, currency: "EUR" });
    // Funded through the write path itself, one top-up operation per wallet, as a live ledger
    // holds at least one operation per account. (Funding 100 wallets per operation left 100
    // operations: the planner then took the table for tiny, and the check of each transfer's
    // operation (its foreign key) scanned the whole table until autovacuum analyzed it again.)
    let next = 1;
    const fundNext = async (): Promise<void> => {
      for (let n = next++; n <= BENCH_ACCOUNTS; n = next++) {
        await ledger.applyOperation({
          merchantId: DEMO_MERCHANT_ID,
          idempotencyKey: `bench:fund:${n}`,
          requestHash: "fund",
          kind: "sandbox_credit",
          legs: [
            {
              debit: { house: "chain_hot_wallet" as const },
              credit: { accountId: benchAccountId(n) },
              amount: FUNDS,
              currency: "EUR" as const,
            },
          ],
          response: { ok: true },
        });
      }
    };
    await Promise.all(Array.from({ length: FUNDING_CLIENTS }, fundNext));
    await pool.query("vacuum analyze");
  } finally {
    await database.close();
  }
}

/**
 * The pgbench scripts of the ledger's transfer path: the very statement the service sends. The
 * ids and the key are UUIDv7s made where the application would make them (here, in SQL).
 * Uniform: any wallet to any other. Hot: every transfer credits the merchant's liquidity house
 * account (spread over its shards). Built: the response is built from the result, so it takes a
 * transaction of two statements (apply, store the response).
 */
export async function writeLedgerScripts(
  dir: string,
): Promise<{ uniform: string; hot: string; built: string; bound: string }> {
  const pick = `\\set a random(1, ${BENCH_ACCOUNTS})
\\set d random(1, ${BENCH_ACCOUNTS - 1})
\\set amount random(1, 100)
`;
  const legs = (
    credit: string,
  ) => `jsonb_build_array(jsonb_build_object('id', bench.uuidv7(), 'type', 'posted',
    'debit', bench.account(:a), ${credit}, 'currency', 'EUR', 'amount', :amount::text))`;
  const uniformCredit = `'credit', bench.account(1 + (:a::int + :d::int - 1) % ${BENCH_ACCOUNTS})`;
  const oneStatement = (
    credit: string,
  ) => `${pick}SELECT ledger_apply_operation(bench.uuidv7(), '${DEMO_MERCHANT_ID}',
  bench.uuidv7()::text, 'bench', 'bench_transfer', ${legs(credit)}, p_response => '{"ok": true}');
`;
  const built = `${pick}BEGIN;
SELECT bench.uuidv7() AS op \\gset
SELECT ledger_apply_operation(:op, '${DEMO_MERCHANT_ID}', :op::text, 'bench', 'bench_transfer', ${legs(uniformCredit)});
SELECT ledger_store_response('${DEMO_MERCHANT_ID}', :op, '{"ok": true}');
END;
`;
  // The ids and legs made first, then the transfer with every argument bound, as the server
  // sends it (the Citus comparison runs this one: docs/scaling.md).
  const bound = `${pick}SELECT bench.uuidv7() AS op, ${legs(uniformCredit)}::text AS legs \\gset
SELECT ledger_apply_operation(:op, '${DEMO_MERCHANT_ID}', :op, 'bench', 'bench_transfer', :legs, p_response => '{"ok": true}');
`;
  const files = {
    bound: path.join(dir, "ledger-bound.sql"),
    uniform: path.join(dir, "ledger-uniform.sql"),
    hot: path.join(dir, "ledger-hot.sql"),
    built: path.join(dir, "ledger-built.sql"),
  };
  await writeFile(files.uniform, oneStatement(uniformCredit));
  await writeFile(files.hot, oneStatement(`'creditHouse', 'liquidity'`));
  await writeFile(files.built, built);
  await writeFile(files.bound, bound);
  return files;
}
