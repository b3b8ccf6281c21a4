import type pg from "pg";
import type { Tx } from "../transaction.ts";
import { readTableShapes } from "./catalog.ts";
import { distributionPlan } from "./placement-rules.ts";
import { DISTRIBUTION_COLUMN } from "./table-placement.ts";

export type Distribution = {
  reference: string[];
  distributed: string[];
  /** Tables the map distributes that stay plain tables on the coordinator for now, with why. */
  waiting: Array<{ table: string; why: string }>;
};

/**
 * On a Citus coordinator with workers, places the tables as db/citus/table-placement.ts says:
 * reference tables copied to every node, the ready distributed tables by merchant_id in one
 * co-location group. A table already placed is left alone, so every start runs it. On plain
 * PostgreSQL (no citus extension in this database) it does nothing and answers undefined.
 */
export async function distributeOnCitus(pool: pg.Pool): Promise<Distribution | undefined> {
  if (!(await isCitusCoordinatorWithWorkers(pool))) return undefined;
  const plan = distributionPlan(await readTableShapes(pool));
  const placed = new Map(
    (
      await pool.query<{ name: string; type: string }>(
        "select table_name::text as name, citus_table_type as type from citus_tables",
      )
    ).rows.map((r) => [r.name, r.type]),
  );
  const toPlace = [
    ...plan.reference.filter((t) => placed.get(t) !== "reference"),
    ...plan.distributed.filter((t) => placed.get(t) !== "distributed"),
  ];
  if (toPlace.length === 0) return plan;
  const client = await pool.connect();
  try {
    // One transaction: Citus places no table tied by a foreign key to a plain one, so the keys
    // between the tables placed now (or placed already) are dropped, the tables placed, and the
    // keys added back, all or nothing (a start that fails leaves every key as it was).
    await client.query("begin");
    // Tables with the live SQL's triggers are distributed with them (allowTriggersOnShards);
    // sequential: a transaction that creates reference tables may not then open parallel
    // connections to the same shards.
    await client.query("set local citus.enable_unsafe_triggers = on");
    await client.query("set local citus.multi_shard_modify_mode = 'sequential'");
    const keys = await foreignKeysTouching(client, toPlace);
    for (const k of keys) await client.query(`alter table ${k.table} drop constraint ${k.name}`);
    for (const table of plan.reference) {
      if (placed.get(table) === "reference") continue;
      await client.query("select create_reference_table($1)", [table]);
    }
    let anchor = plan.distributed.find((t) => placed.get(t) === "distributed");
    for (const table of plan.distributed) {
      if (placed.get(table) === "distributed") continue;
      await client.query("select create_distributed_table($1, $2, colocate_with => $3)", [
        table,
        DISTRIBUTION_COLUMN,
        anchor ?? "none",
      ]);
      anchor ??= table;
    }
    for (const k of keys)
      await client.query(`alter table ${k.table} add constraint ${k.name} ${k.definition}`);
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  return plan;
}

/** Every foreign key from or to one of `tables` (all in `public`), with its definition to add it back. */
async function foreignKeysTouching(
  c: Tx,
  tables: string[],
): Promise<Array<{ table: string; name: string; definition: string }>> {
  const { rows } = await c.query<{ table: string; name: string; definition: string }>(
    `select quote_ident(r.relname) as table, quote_ident(f.conname) as name,
       pg_get_constraintdef(f.oid) as definition
     from pg_constraint f
     join pg_class r on r.oid = f.conrelid join pg_namespace n on n.oid = r.relnamespace
     join pg_class t on t.oid = f.confrelid
     where f.contype = 'f' and n.nspname = 'public'
       and (r.relname = any($1::text[]) or t.relname = any($1::text[]))
     order by 1, 2`,
    [tables],
  );
  return rows;
}

/** The citus extension is in this database (on plain PostgreSQL it is not). */
async function citusInstalled(c: Tx): Promise<boolean> {
  const { rows } = await c.query<{ citus: boolean }>(
    "select exists (select 1 from pg_extension where extname = 'citus') as citus",
  );
  return rows[0]?.citus === true;
}

/**
 * Lets this transaction create and replace triggers on distributed tables. The live SQL's
 * triggers (append-only logs, running totals) fire on their own row, inside that row's shard,
 * which is what Citus's "unsafe" warns about not.
 */
export async function allowTriggersOnShards(c: Tx): Promise<void> {
  if (await citusInstalled(c)) await c.query("set local citus.enable_unsafe_triggers = on");
}

async function isCitusCoordinatorWithWorkers(pool: pg.Pool): Promise<boolean> {
  if (!(await citusInstalled(pool))) return false;
  const workers = await pool.query<{ n: number }>(
    "select count(*)::int as n from pg_dist_node where groupid <> 0 and noderole = 'primary' and isactive",
  );
  return (workers.rows[0]?.n ?? 0) > 0;
}
