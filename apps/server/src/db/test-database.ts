import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "./database.ts";
import { TEMPLATE_DB, withDatabase } from "./test-global-setup.ts";

export type TestDatabase = Database & { url: string; drop: () => Promise<void> };

/** A fresh database of this test file's own, cloned from the migrated and seeded template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject("testDatabaseAdminUrl");
  const name = `t_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  const url = withDatabase(adminUrl, name);
  const database = openDatabase(url);
  return {
    ...database,
    url,
    drop: async () => {
      await database.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** An empty database of its own (no template): what a first start finds. */
export async function createEmptyTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject("testDatabaseAdminUrl");
  const name = `start_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  return {
    url: withDatabase(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A row locked by the test in a transaction of its own, as a concurrent request would hold it
 * (`lockSql` selects it `for update` with `values`): `waiters(n)` resolves once n other sessions
 * of this database wait on a lock, `run` writes in the held transaction, `commit` lets them go on.
 */
export async function holdRowLock(pool: pg.Pool, lockSql: string, values: unknown[]) {
  const client = await pool.connect();
  await client.query("begin");
  await client.query(lockSql, values);
  return {
    run: (sql: string, runValues: unknown[]) => client.query(sql, runValues),
    waiters: (count = 1) => lockWaiters(pool, count, `nobody waited for the lock of: ${lockSql}`),
    async commit() {
      await client.query("commit");
      client.release();
    },
  };
}

/** Resolves once `count` sessions of this database wait on a lock; fails with `failure` after about 5 s. */
export async function lockWaiters(pool: pg.Pool, count: number, failure: string) {
  for (let i = 0; i < 500; i++) {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if ((rows[0]?.n ?? 0) >= count) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(failure);
}
