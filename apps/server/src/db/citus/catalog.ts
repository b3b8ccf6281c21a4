import type { Tx } from "../transaction.ts";

/** What the placement rules need to know of one table, read from PostgreSQL's own catalog. */
export type TableShape = {
  schema: string;
  name: string;
  /** Column name → whether it is NOT NULL. */
  columns: Map<string, boolean>;
  /** The primary key and every unique constraint or unique index; an expression column is null. */
  uniques: Array<{ name: string; columns: Array<string | null> }>;
  /** Column pairs in order: columns[i] refers to targetColumns[i] of `target` (in `public`). */
  foreignKeys: Array<{ name: string; columns: string[]; target: string; targetColumns: string[] }>;
};

/**
 * Every ordinary table of the database, extensions' own aside (Citus and columnar keep tables in
 * schemas of their own, which are no table of the product).
 */
export async function readTableShapes(c: Tx): Promise<TableShape[]> {
  const { rows: tables } = await c.query<{ oid: number; schema: string; name: string }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
       and not exists (select 1 from pg_depend d
                       where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
       and not exists (select 1 from pg_depend d
                       where d.classid = 'pg_namespace'::regclass and d.objid = n.oid and d.deptype = 'e')
     order by 2, 3`,
  );
  const { rows: columns } = await c.query<{ oid: number; name: string; not_null: boolean }>(
    `select attrelid::int as oid, attname as name, attnotnull as not_null
     from pg_attribute where attnum > 0 and not attisdropped and attrelid = any($1::oid[])`,
    [tables.map((t) => t.oid)],
  );
  const { rows: uniques } = await c.query<{ oid: number; name: string; columns: Array<string | null> }>(
    `select i.indrelid::int as oid, ic.relname as name,
       array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality k(attnum, n)
             left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
             order by k.n) as columns
     from pg_index i join pg_class ic on ic.oid = i.indexrelid
     where i.indisunique and i.indrelid = any($1::oid[])`,
    [tables.map((t) => t.oid)],
  );
  const { rows: foreignKeys } = await c.query<{
    oid: number;
    name: string;
    columns: string[];
    target: string;
    target_columns: string[];
  }>(
    `select f.conrelid::int as oid, f.conname as name, t.relname as target,
       array(select a.attname::text from unnest(f.conkey) with ordinality k(attnum, n)
             join pg_attribute a on a.attrelid = f.conrelid and a.attnum = k.attnum order by k.n) as columns,
       array(select a.attname::text from unnest(f.confkey) with ordinality k(attnum, n)
             join pg_attribute a on a.attrelid = f.confrelid and a.attnum = k.attnum order by k.n) as target_columns
     from pg_constraint f join pg_class t on t.oid = f.confrelid
     where f.contype = 'f' and f.conrelid = any($1::oid[])`,
    [tables.map((t) => t.oid)],
  );
  return tables.map((t) => ({
    schema: t.schema,
    name: t.name,
    columns: new Map(columns.filter((c) => c.oid === t.oid).map((c) => [c.name, c.not_null])),
    uniques: uniques.filter((u) => u.oid === t.oid).map((u) => ({ name: u.name, columns: u.columns })),
    foreignKeys: foreignKeys
      .filter((f) => f.oid === t.oid)
      .map((f) => ({ name: f.name, columns: f.columns, target: f.target, targetColumns: f.target_columns })),
  }));
}
