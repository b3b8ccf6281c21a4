import { pgTable, text } from "drizzle-orm/pg-core";
import { at } from "./columns.ts";

/**
 * The live SQL as this database last had it applied (db/migrate.ts, docs/architecture.md "Live
 * SQL"): one row per file of `db/functions/`, the SHA-256 of its text and the functions and
 * triggers it defined. A start applies a file only when its text changed or one of them is gone,
 * so a start under load takes none of the locks a create-or-replace takes (a trigger's locks its
 * table, which the money transactions in flight hold). Written only by the start, under its lock.
 */
export const liveSqlFiles = pgTable("live_sql_files", {
  file: text("file").primaryKey(),
  sha256: text("sha256").notNull(),
  /** `name(argument types)` of each function, `table.trigger` of each trigger. */
  functions: text("functions").array().notNull(),
  triggers: text("triggers").array().notNull(),
  appliedAt: at("applied_at").notNull().defaultNow(),
});
