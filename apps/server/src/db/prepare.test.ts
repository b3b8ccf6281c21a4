import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_MERCHANT_ID } from "../modules/merchants/index.ts";
import { seedMerchants } from "../modules/merchants/merchants.seed.ts";
import { type Database, openDatabase } from "./database.ts";
import { assertAllMigrationsApplied, MIGRATIONS_DIR, migrateFolder } from "./migrate.ts";
import { prepareDatabase, startFailure } from "./prepare.ts";
import { createEmptyTestDatabase } from "./test-database.ts";

describe("starting several instances at once", () => {
  it("brings both up, 10 times in a row, on a fresh database each time", { timeout: 600_000 }, async () => {
    for (let run = 0; run < 10; run++) {
      const fresh = await createEmptyTestDatabase();
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

describe("starting several instances on a database migrations behind", () => {
  it("brings both up, the new migrations applied once, existing KYC usage given its running totals", {
    timeout: 300_000,
  }, async () => {
    // The migrations folder less 0024 and 0025: what the previous release left.
    const dir = await mkdtemp(path.join(tmpdir(), "migrations-"));
    await cp(MIGRATIONS_DIR, dir, { recursive: true });
    const journalFile = path.join(dir, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
    const total = journal.entries.length;
    while (journal.entries.at(-1)?.tag !== "0023_earn_deposits") journal.entries.pop();
    await writeFile(journalFile, JSON.stringify(journal));
    const fresh = await createEmptyTestDatabase();
    const instances = [openDatabase(fresh.url, { max: 4 }), openDatabase(fresh.url, { max: 4 })];
    const [first] = instances as [Database, Database];
    try {
      await migrateFolder(first.pool, dir);
      // The previous release's data: its merchants (today's seed also writes rows of features the
      // old schema lacks, e.g. newer quote kinds, so only the merchants are written here).
      // Written in the old schema's columns (today's schema has more, e.g. support contacts).
      for (const m of seedMerchants()) {
        await first.pool.query(
          `insert into merchants (id, slug, hosts, is_default, title, settings, blocked_countries, currencies,
             client_id, client_secret_hash, signing_key)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            m.id,
            m.slug,
            m.hosts,
            m.isDefault,
            m.title,
            m.settings,
            m.blockedCountries,
            m.currencies,
            m.clientId,
            m.clientSecretHash,
            m.signingKey,
          ],
        );
      }
      // Usage the previous release recorded: two operations of one customer, one released.
      const customer = "0193a9e0-0000-7000-8000-0000000c0001";
      await first.pool.query(
        `insert into customers (id, merchant_id, phone, phone_confirmed, password_hash, own_referral_code)
         values ($1, $2, '4915200000001', true, 'x', 'MIGR1')`,
        [customer, DEMO_MERCHANT_ID],
      );
      await first.pool.query(
        `insert into kyc_usage (id, merchant_id, customer_id, operation_type, amount, currency, reference, created_at, released_at)
         values (gen_random_uuid(), $1, $2, 'TRANSFER_MOBILE', 100, 'EUR', 'u1', now() - interval '3 days', null),
                (gen_random_uuid(), $1, $2, 'EXCHANGE', 7, 'EUR', 'u2', now() - interval '2 days', null),
                (gen_random_uuid(), $1, $2, 'TRANSFER_MOBILE', 20, 'EUR', 'u3', now() - interval '1 day', now()),
                (gen_random_uuid(), $1, $2, 'TRANSFER_MOBILE', 3, 'EUR', 'u4', now() - interval '1 hour', null)`,
        [DEMO_MERCHANT_ID, customer],
      );
      const started = await Promise.allSettled(instances.map((db) => prepareDatabase(db)));
      expect(started.map((s) => s.status)).toEqual(["fulfilled", "fulfilled"]);
      const applied = await first.pool.query<{ n: number }>(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      expect(applied.rows[0]?.n).toBe(total);
      const totals = await first.pool.query<{ reference: string; running_total: string }>(
        "select reference, running_total::text from kyc_usage where customer_id = $1 order by reference",
        [customer],
      );
      expect(totals.rows).toEqual([
        { reference: "u1", running_total: "100" },
        { reference: "u2", running_total: "7" },
        { reference: "u3", running_total: "120" },
        { reference: "u4", running_total: "123" },
      ]);
      const used = await first.pool.query<{ used_daily: string; used_monthly: string }>(
        `select used_daily::text, used_monthly::text
         from kyc_usage_used($1, $2, 'TRANSFER_MOBILE', now() - interval '24 hours', now() - interval '30 days')`,
        [DEMO_MERCHANT_ID, customer],
      );
      expect(used.rows[0]).toEqual({ used_daily: "3", used_monthly: "103" });
    } finally {
      await Promise.all(instances.map((db) => db.close()));
      await fresh.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("a migration the migrator would skip", () => {
  it("stops the start, naming it, instead of serving without it", { timeout: 300_000 }, async () => {
    // A journal whose newest migration's time is before the one applied last (as a migration
    // generated on an older clock, or merged after one with a later time, would be).
    const dir = await mkdtemp(path.join(tmpdir(), "migrations-"));
    await cp(MIGRATIONS_DIR, dir, { recursive: true });
    const journalFile = path.join(dir, "meta", "_journal.json");
    const full = JSON.parse(await readFile(journalFile, "utf8")) as { entries: Array<{ when: number }> };
    const last = full.entries.pop() as { when: number };
    await writeFile(journalFile, JSON.stringify(full));
    const fresh = await createEmptyTestDatabase();
    const db = openDatabase(fresh.url, { max: 2 });
    try {
      await migrateFolder(db.pool, dir);
      const skewed = { ...last, when: 1 };
      await writeFile(journalFile, JSON.stringify({ ...full, entries: [...full.entries, skewed] }));
      await migrateFolder(db.pool, dir); // skips it
      await expect(assertAllMigrationsApplied(db.pool, dir)).rejects.toThrow(/1 migration\(s\) not applied/);
    } finally {
      await db.close();
      await fresh.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the start's error line", () => {
  it("names the database's own refusal under the query builder's wrapper", () => {
    const wrapped = new Error('Failed query: CREATE TABLE "merchants"\nparams: ', {
      cause: new Error('duplicate key value violates unique constraint "pg_type_typname_nsp_index"'),
    });
    expect(startFailure(wrapped)).toBe(
      'Failed query: CREATE TABLE "merchants": duplicate key value violates unique constraint "pg_type_typname_nsp_index"',
    );
    expect(startFailure("plain")).toBe("plain");
  });
});
