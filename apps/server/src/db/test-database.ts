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

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
