import { numeric, timestamp, uuid } from "drizzle-orm/pg-core";

// The columns every table repeats, declared once so a table lists only what is its own. Each is a
// function: a table gets a fresh column builder. Not exported by index.ts: these are no tables.

/** The merchant a row belongs to; it leads a table's keys (the Citus distribution column). */
export const merchantKey = () => uuid("merchant_id").notNull();

/** A moment: every time column is timestamptz, read as a Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written: the database's clock when the insert does not say. */
export const createdAt = () => at("created_at").notNull().defaultNow();

/** When the row last changed: the database's clock when the insert does not say. */
export const updatedAt = () => at("updated_at").notNull().defaultNow();

/** An amount in minor units of its currency: numeric(39,0), exact, read as a bigint. */
export const minor = (name: string) => numeric(name, { precision: 39, scale: 0, mode: "bigint" });
