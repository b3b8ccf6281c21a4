import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../db/database.ts";
import { MIGRATIONS_DIR, migrateFolder } from "../../db/migrate.ts";
import { withDatabase } from "../../db/test-global-setup.ts";
import { DEMO_MERCHANT_ID } from "../merchants/index.ts";
import { seedMerchants } from "../merchants/merchants.seed.ts";

const MIGRATION = "0035_kyc_two_levels";

/** The migrations folder as the release before 0035 had it. */
async function migrationsBefore(tag: string) {
  const dir = await mkdtemp(path.join(tmpdir(), "migrations-"));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const file = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(file, "utf8")) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(file, JSON.stringify(journal));
  return dir;
}

async function emptyDatabase() {
  const adminUrl = inject("testDatabaseAdminUrl");
  const name = `levels_${randomBytes(6).toString("hex")}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  return {
    url: withDatabase(adminUrl, name),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

const id = (n: number) => `0193a9e0-0000-7000-8000-${n.toString().padStart(12, "0")}`;

describe(`migration ${MIGRATION}: spec §3's two levels`, () => {
  it("moves customers, applications, catalog rules and limits to KYC_0 and KYC_2; open KYC_3 requests become limit-increase requests", {
    timeout: 120_000,
  }, async () => {
    const before = await migrationsBefore(MIGRATION);
    const fresh = await emptyDatabase();
    const database = openDatabase(fresh.url, { max: 2 });
    const q = (sql: string, values: unknown[] = []) => database.pool.query(sql, values);
    try {
      await migrateFolder(database.pool, before);
      const m = seedMerchants().find((s) => s.id === DEMO_MERCHANT_ID);
      if (!m) throw new Error("no demo merchant");
      await q(
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
      // One customer per old level, each with the KYC row the old code kept for it.
      const levels = ["NONE", "KYC_0", "KYC_1", "KYC_2", "KYC_3"];
      for (const [i, level] of levels.entries()) {
        await q(
          `insert into customers (id, merchant_id, phone, phone_confirmed, password_hash, own_referral_code, kyc_level, kyc_status)
           values ($1, $2, $3, true, 'x', $4, $5, 'APPROVED')`,
          [id(i + 1), DEMO_MERCHANT_ID, `49152000000${i}`, `LVL${i}`, level],
        );
        await q(
          "insert into kyc_customers (customer_id, merchant_id, level, status) values ($1, $2, $3, 'APPROVED')",
          [id(i + 1), DEMO_MERCHANT_ID, level],
        );
      }
      // The KYC_2 customer's applications: the widget's (KYC_1), and a KYC_3 request still open.
      await q(
        `insert into kyc_applications (id, merchant_id, customer_id, kind, target_level, status, created_at)
         values ($1, $3, $4, 'WIDGET', 'KYC_1', 'APPROVED', now() - interval '2 days'),
                ($2, $3, $4, 'KYC3', 'KYC_3', 'UNDER_REVIEW', now() - interval '1 day')`,
        [id(101), id(102), DEMO_MERCHANT_ID, id(4)],
      );
      await q(
        `insert into merchant_operations (merchant_id, operation_type, kyc_levels) values
           ($1, 'EXCHANGE', array['KYC_0', 'KYC_1', 'KYC_2', 'KYC_3']),
           ($1, 'TRANSFER_MOBILE', array['KYC_1', 'KYC_2', 'KYC_3']),
           ($1, 'PAYIN_CARD', array['KYC_3'])`,
        [DEMO_MERCHANT_ID],
      );
      await q(
        `insert into kyc_limits (merchant_id, kyc_level, operation_type, per_transaction, daily, monthly) values
           ($1, 'KYC_0', 'EXCHANGE', 1, 2, 3), ($1, 'KYC_1', 'EXCHANGE', 10, 20, 30),
           ($1, 'KYC_2', 'EXCHANGE', 100, 200, 300), ($1, 'KYC_3', 'EXCHANGE', 1000, 2000, 3000)`,
        [DEMO_MERCHANT_ID],
      );

      await migrateFolder(database.pool, MIGRATIONS_DIR);

      const customers = await q(
        `select c.kyc_level, k.level from customers c join kyc_customers k on k.customer_id = c.id order by c.id`,
      );
      expect(customers.rows).toEqual(
        ["KYC_0", "KYC_0", "KYC_2", "KYC_2", "KYC_2"].map((l) => ({ kyc_level: l, level: l })),
      );
      const targets = await q("select distinct target_level from kyc_applications");
      expect(targets.rows).toEqual([{ target_level: "KYC_2" }]);
      const rules = await q(
        "select operation_type, kyc_levels from merchant_operations order by operation_type",
      );
      expect(rules.rows).toEqual([
        { operation_type: "EXCHANGE", kyc_levels: ["KYC_0", "KYC_2"] },
        { operation_type: "PAYIN_CARD", kyc_levels: ["KYC_2"] },
        { operation_type: "TRANSFER_MOBILE", kyc_levels: ["KYC_2"] },
      ]);
      const limits = await q("select kyc_level, per_transaction::text from kyc_limits order by kyc_level");
      expect(limits.rows).toEqual([
        { kyc_level: "KYC_0", per_transaction: "1" },
        { kyc_level: "KYC_2", per_transaction: "100" },
      ]);
      const requests = await q("select merchant_id, id, customer_id, status from kyc_limit_requests");
      expect(requests.rows).toEqual([
        { merchant_id: DEMO_MERCHANT_ID, id: id(102), customer_id: id(4), status: "UNDER_REVIEW" },
      ]);
      // The database keeps the two levels from now on.
      await expect(
        q("update kyc_customers set level = 'KYC_1' where customer_id = $1", [id(1)]),
      ).rejects.toThrow(/kyc_customers_level/);
      await expect(
        q("update merchant_operations set kyc_levels = array['KYC_3'] where operation_type = 'EXCHANGE'"),
      ).rejects.toThrow(/merchant_operations_kyc_levels/);
    } finally {
      await database.close();
      await fresh.drop();
      await rm(before, { recursive: true, force: true });
    }
  });
});
