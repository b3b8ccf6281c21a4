import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { openDatabase } from "./database.ts";
import { prepareDatabase } from "./prepare.ts";
import { withDatabase } from "./test-global-setup.ts";

/** An empty database of its own (no template): what a first start finds. */
async function emptyDatabase() {
  const adminUrl = inject("testDatabaseAdminUrl");
  const name = `start_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

describe("starting several instances at once", () => {
  it("brings both up, 10 times in a row, on a fresh database each time", { timeout: 600_000 }, async () => {
    for (let run = 0; run < 10; run++) {
      const fresh = await emptyDatabase();
      const first = openDatabase(fresh.url, { max: 4 });
      const instances = [first, openDatabase(fresh.url, { max: 4 })];
      try {
        const started = await Promise.allSettled(instances.map((db) => prepareDatabase(db)));
        expect(started.map((s) => s.status)).toEqual(["fulfilled", "fulfilled"]);
        const { rows } = await first.pool.query<{ n: number }>("select count(*)::int as n from merchants");
        expect(rows[0]?.n).toBeGreaterThan(0);
      } finally {
        await Promise.all(instances.map((db) => db.close()));
        await fresh.drop();
      }
    }
  });
});
