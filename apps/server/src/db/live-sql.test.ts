import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "./migrate.ts";
import { createTestDatabase, holdRowLock, type TestDatabase } from "./test-database.ts";

// The live SQL at a start (docs/architecture.md "Live SQL"): applied where a file changed, so a
// start under load takes none of the locks money transactions in flight hold; a change waits a
// short while for its locks and tries again, instead of deadlocking with them and failing the
// start (an instance restarted under load once could not start).

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** The catalog row version of every function and trigger: a create-or-replace writes a new one. */
async function catalogVersions(): Promise<Map<string, string>> {
  const { rows } = await db.pool.query<{ name: string; xmin: string }>(
    `select 'function ' || p.proname as name, p.xmin::text as xmin
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
     union all
     select 'trigger ' || t.tgname, t.xmin::text
     from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and not t.tgisinternal`,
  );
  return new Map(rows.map((r) => [r.name, r.xmin]));
}

const rewritten = (before: Map<string, string>, after: Map<string, string>) =>
  [...after]
    .filter(([name, xmin]) => before.get(name) !== xmin)
    .map(([name]) => name)
    .sort();

/** The file as a deploy changes it: its recorded text is no longer the file's. */
const changed = (file: string) =>
  db.pool.query("update live_sql_files set sha256 = 'an older text' where file = $1", [file]);

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not done within ${ms} ms`)), ms)),
  ]);

describe("the live SQL at a start", () => {
  it("applies nothing when no file changed, even while a money transaction holds the tables", async () => {
    const before = await catalogVersions();
    expect(before.size).toBeGreaterThan(30);
    // What a send in flight holds: its tables' row-exclusive locks, which a trigger's
    // create-or-replace waits for.
    const send = await holdRowLock(
      db.pool,
      "lock table kyc_usage, history_entries, ledger_entries, ledger_transfers in row exclusive mode",
      [],
    );
    try {
      await within(5_000, runMigrations(db.pool));
    } finally {
      await send.commit();
    }
    expect(rewritten(before, await catalogVersions())).toEqual([]);
  });

  it("applies a changed file again, and a file whose trigger is gone; nothing else", async () => {
    const before = await catalogVersions();
    await changed("kyc_usage_used.sql");
    // As a migration's cascade would: the trigger is gone, its file unchanged.
    await db.pool.query("drop trigger kyc_usage_chain_fixed on kyc_usage");
    await runMigrations(db.pool);
    expect(rewritten(before, await catalogVersions())).toEqual([
      "function kyc_usage_chain_fixed",
      "function kyc_usage_running_total",
      "function kyc_usage_used",
      "trigger kyc_usage_chain_fixed",
      "trigger kyc_usage_running_total",
    ]);
    const { rows } = await db.pool.query("select file from live_sql_files where sha256 = 'an older text'");
    expect(rows).toEqual([]);
  });

  it("drops a function whose file is gone, with the file's record", async () => {
    await db.pool.query("create function ledger_gone() returns int language sql as 'select 1'");
    await db.pool.query(
      "insert into live_sql_files (file, sha256, functions, triggers) values ('ledger_gone.sql', 'x', '{ledger_gone()}', '{}')",
    );
    await runMigrations(db.pool);
    const { rows } = await db.pool.query(
      `select (select count(*)::int from pg_proc where proname = 'ledger_gone') as functions,
              (select count(*)::int from live_sql_files where file = 'ledger_gone.sql') as records`,
    );
    expect(rows[0]).toEqual({ functions: 0, records: 0 });
  });

  it("gives way to a money transaction whose locks it meets, and succeeds once it is done", async () => {
    await changed("history_status_log.sql");
    await changed("kyc_usage_running_total.sql");
    const send = await holdRowLock(db.pool, "lock table kyc_usage in row exclusive mode", []);
    const start = runMigrations(db.pool).then(
      () => "started",
      (err: Error) => err.message,
    );
    try {
      // The start has history_entries' trigger lock and waits for kyc_usage's; the send goes on
      // to write history_entries: each waits for the other (PostgreSQL failed the start so).
      await send.waiters(1);
      await send.run("lock table history_entries in row exclusive mode", []);
    } finally {
      await send.commit();
    }
    expect(await start).toBe("started");
    const { rows } = await db.pool.query("select file from live_sql_files where sha256 = 'an older text'");
    expect(rows).toEqual([]);
  });
});
