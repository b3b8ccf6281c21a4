import type { TableShape } from "./catalog.ts";
import {
  COORDINATOR_SCHEMAS,
  DISTRIBUTION_COLUMN,
  NOT_YET_DISTRIBUTABLE,
  type Placement,
  TABLE_PLACEMENT,
} from "./table-placement.ts";

export type PlacementMap = { placement: Record<string, Placement>; notYet: Record<string, string> };
const MAP: PlacementMap = { placement: TABLE_PLACEMENT, notYet: NOT_YET_DISTRIBUTABLE };

/**
 * What in the database contradicts the map, one line each (empty: all is well). Citus refuses to
 * distribute a table whose unique index lacks the distribution column, and refuses foreign keys
 * between distributed tables that do not carry it, or from a reference or plain table into a
 * distributed one; these rules say so before a cluster does.
 */
export function placementProblems(shapes: TableShape[], map: PlacementMap = MAP): string[] {
  const problems: string[] = [];
  const inDatabase = new Set<string>();
  for (const shape of shapes) {
    if (shape.schema !== "public") {
      if (!(shape.schema in COORDINATOR_SCHEMAS)) {
        problems.push(`${shape.schema}.${shape.name}: schema ${shape.schema} is not in COORDINATOR_SCHEMAS`);
      }
      continue;
    }
    inDatabase.add(shape.name);
    const placement = map.placement[shape.name];
    if (!placement) {
      problems.push(`${shape.name}: not in table-placement.ts (distributed, reference or coordinator?)`);
      continue;
    }
    const own = placement === "distributed" ? keyProblems(shape, map) : [];
    if (shape.name in map.notYet) {
      if (own.length === 0)
        problems.push(`${shape.name}: its keys are ready; remove it from NOT_YET_DISTRIBUTABLE`);
    } else {
      problems.push(...own.map((p) => `${shape.name}: ${p}`));
    }
    for (const fk of shape.foreignKeys) {
      const target = map.placement[fk.target];
      if (placement === "reference" && target !== "reference") {
        problems.push(
          `${shape.name}: reference table with foreign key ${fk.name} to ${target ?? "unplaced"} ${fk.target}`,
        );
      }
      if (placement === "coordinator" && target === "distributed") {
        problems.push(
          `${shape.name}: coordinator table with foreign key ${fk.name} to distributed ${fk.target}`,
        );
      }
    }
  }
  for (const table of Object.keys(map.placement)) {
    if (!inDatabase.has(table)) problems.push(`${table}: in table-placement.ts but not in the database`);
  }
  for (const table of Object.keys(map.notYet)) {
    if (map.placement[table] !== "distributed")
      problems.push(`${table}: in NOT_YET_DISTRIBUTABLE but not distributed`);
  }
  return problems;
}

/** Why a distributed table's own keys cannot be distributed by merchant as they are. */
function keyProblems(shape: TableShape, map: PlacementMap): string[] {
  const problems: string[] = [];
  const notNull = shape.columns.get(DISTRIBUTION_COLUMN);
  if (notNull === undefined) problems.push(`no ${DISTRIBUTION_COLUMN} column`);
  else if (!notNull) problems.push(`${DISTRIBUTION_COLUMN} may be null`);
  for (const unique of shape.uniques) {
    if (!unique.columns.includes(DISTRIBUTION_COLUMN)) {
      problems.push(
        `unique ${unique.name} (${unique.columns.map((c) => c ?? "expression").join(", ")}) lacks ${DISTRIBUTION_COLUMN}`,
      );
    }
  }
  for (const fk of shape.foreignKeys) {
    const target = map.placement[fk.target];
    if (target === "coordinator") problems.push(`foreign key ${fk.name} to coordinator-only ${fk.target}`);
    if (target !== "distributed") continue;
    const i = fk.columns.indexOf(DISTRIBUTION_COLUMN);
    if (i < 0 || fk.targetColumns[i] !== DISTRIBUTION_COLUMN) {
      problems.push(
        `foreign key ${fk.name} (${fk.columns.join(", ")}) to ${fk.target} lacks ${DISTRIBUTION_COLUMN}`,
      );
    }
  }
  return problems;
}

export type DistributionPlan = {
  /** Reference tables that can be placed now. */
  reference: string[];
  /** Ready distributed tables, each after the tables its foreign keys point to. */
  distributed: string[];
  /** Reference and distributed tables left as plain tables for now, with why. */
  waiting: Array<{ table: string; why: string }>;
};

/**
 * What can be placed now without touching a plain table: reference tables, then the distributed
 * tables whose own keys are right, each only if every table it refers to, and every table that
 * refers to it, is placed too. Citus takes no foreign key between a distributed table and a plain
 * one; a plain table referring to a reference table it silently turns into a "citus local" table,
 * run through its planner, where the ledger's functions crashed the coordinator (Citus 13.2.2,
 * docs/scaling.md): such tables wait whole, until their neighbours are converted.
 */
export function distributionPlan(shapes: TableShape[], map: PlacementMap = MAP): DistributionPlan {
  const publicShapes = shapes.filter((s) => s.schema === "public" && map.placement[s.name]);
  const byName = new Map(publicShapes.map((s) => [s.name, s]));
  const waiting = new Map<string, string>();
  const ready = new Set<string>();
  for (const s of publicShapes) {
    const placement = map.placement[s.name];
    if (placement === "coordinator") continue;
    if (s.name in map.notYet) waiting.set(s.name, map.notYet[s.name] ?? "");
    else ready.add(s.name);
  }
  // Until nothing changes: a table pointing to, or pointed to by, a table that stays plain waits.
  for (let changed = true; changed; ) {
    changed = false;
    for (const table of ready) {
      const out = byName.get(table)?.foreignKeys.find((fk) => fk.target !== table && !ready.has(fk.target));
      const into = publicShapes.find(
        (s) => !ready.has(s.name) && s.foreignKeys.some((fk) => fk.target === table),
      );
      const why = out
        ? `refers to ${out.target}, a plain table for now`
        : into
          ? `${into.name}, a plain table for now, refers to it`
          : undefined;
      if (why) {
        ready.delete(table);
        waiting.set(table, why);
        changed = true;
      }
    }
  }
  const distributed: string[] = [];
  const seen = new Set<string>();
  const visit = (table: string) => {
    if (seen.has(table) || !ready.has(table) || map.placement[table] !== "distributed") return;
    seen.add(table);
    for (const fk of byName.get(table)?.foreignKeys ?? []) visit(fk.target);
    distributed.push(table);
  };
  for (const table of Object.keys(map.placement)) visit(table);
  return {
    reference: Object.keys(map.placement).filter((t) => map.placement[t] === "reference" && ready.has(t)),
    distributed,
    waiting: [...waiting].map(([table, why]) => ({ table, why })),
  };
}
