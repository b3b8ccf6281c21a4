import { readFileSync } from "node:fs";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "./migrate.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

// Each module's SQL reads and writes its own tables only: a function or view of the database
// that names another module's table or function is a module reaching into another's data, which
// the use-case's transaction is there to replace (docs/architecture.md).

/** The schema files, as the schema's index lists them (one per domain): every table is counted. */
const SCHEMA_FILES = [
  ...readFileSync(new URL("./schema/index.ts", import.meta.url), "utf8").matchAll(
    /export \* from "\.\/(.+)\.ts";/g,
  ),
].map((m) => m[1] as string);

const isTable = (value: unknown): value is PgTable =>
  typeof value === "object" && value !== null && Symbol.for("drizzle:IsDrizzleTable") in value;

/** The tables of each module, from the schema files. */
const TABLES_BY_MODULE: Record<string, string[]> = Object.fromEntries(
  await Promise.all(
    SCHEMA_FILES.map(async (file) => {
      const exports: Record<string, unknown> = await import(`./schema/${file}.ts`);
      return [
        file,
        Object.values(exports)
          .filter(isTable)
          .map((t) => getTableConfig(t).name),
      ] as const;
    }),
  ),
);

const firstWord = (name: string) => name.split("_")[0] ?? name;

/**
 * The modules a function or view belongs to: those with a table its name's first word starts
 * (ledger_apply_operation: ledger; operator_audit_forbid_change: operators).
 */
const modulesOf = (name: string) =>
  Object.entries(TABLES_BY_MODULE)
    .filter(([, tables]) => tables.some((t) => firstWord(t) === firstWord(name)))
    .map(([module]) => module);

/** What `body` of the object `name` names that belongs to another module. */
function foreignNames(name: string, body: string, functionNames: string[]): string[] {
  const own = modulesOf(name);
  const words = new Set(body.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []);
  const tables = Object.entries(TABLES_BY_MODULE)
    .filter(([module]) => !own.includes(module))
    .flatMap(([, names]) => names);
  const functions = functionNames.filter((f) => firstWord(f) !== firstWord(name));
  return [...tables, ...functions].filter((n) => words.has(n));
}

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe("the database's live SQL", () => {
  it("knows every schema file of the index, and its tables", () => {
    expect(SCHEMA_FILES.length).toBeGreaterThanOrEqual(18);
    expect(TABLES_BY_MODULE.ledger).toContain("ledger_operations");
    expect(TABLES_BY_MODULE.iban).toContain("iban_transfers");
  });

  it("finds a function that names another module's table (the check itself)", () => {
    expect(foreignNames("ledger_x", "select 1 from kyc_usage", [])).toEqual(["kyc_usage"]);
    expect(foreignNames("ledger_x", "perform history_insert(p)", ["history_insert"])).toEqual([
      "history_insert",
    ]);
    expect(foreignNames("ledger_x", "select 1 from ledger_accounts", [])).toEqual([]);
    expect(foreignNames("ledger_x", "select 1 from iban_transfers", [])).toEqual(["iban_transfers"]);
  });

  it("has no function or view that names another module's table or function", async () => {
    const { rows: functions } = await db.pool.query<{ name: string; body: string }>(
      `select p.proname as name, p.prosrc as body
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    );
    const { rows: views } = await db.pool.query<{ name: string; body: string }>(
      "select viewname as name, definition as body from pg_views where schemaname = 'public'",
    );
    const names = functions.map((f) => f.name);
    expect(names).toContain("ledger_apply_operation");
    const found = [...functions, ...views].flatMap((o) =>
      foreignNames(o.name, o.body, names).map((foreign) => `${o.name} names ${foreign}`),
    );
    expect(found).toEqual([]);
  });

  it("drops at a start a function no file defines; the others stay", async () => {
    await db.pool.query("create function ledger_leftover() returns int language sql as 'select 1'");
    await runMigrations(db.pool);
    const { rows } = await db.pool.query<{ name: string }>(
      "select proname as name from pg_proc where proname in ('ledger_leftover', 'ledger_apply_operation')",
    );
    expect(rows.map((r) => r.name)).toEqual(["ledger_apply_operation"]);
  });
});
