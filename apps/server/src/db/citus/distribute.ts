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
  const client = await pool.connect();
  try {
    // Tables with the live SQL's triggers are distributed with them (allowTriggersOnShards).
    await client.query("set citus.enable_unsafe_triggers = on");
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
  } finally {
    client.release();
  }
  return plan;
}

/** The citus extension is in this database (on plain PostgreSQL it is not). */
export async function citusInstalled(c: Tx): Promise<boolean> {
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
