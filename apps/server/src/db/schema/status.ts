import { sql } from "drizzle-orm";
import { check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { at } from "./columns.ts";

/**
 * How an outside party has been answering (docs/status.md): a run of failed calls and since when,
 * written where the party is called (modules/status/provider-health.ts), read by /v2/status. The
 * acquirer and the other parties serve every merchant through one connection, so a row is the
 * platform's, not a merchant's: a small platform table (on Citus a reference table), written only
 * when a call fails and on the first success after failures.
 */
export const providerHealth = pgTable(
  "provider_health",
  {
    /** e.g. `acquirer`. */
    provider: text("provider").primaryKey(),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    /** The first failure of the current run; null once a call succeeds again. */
    failingSince: at("failing_since"),
    lastFailureAt: at("last_failure_at"),
    /** The last failure's message, for operators (never shown to customers). */
    lastError: text("last_error"),
    lastSuccessAt: at("last_success_at"),
  },
  (t) => [check("provider_health_failures", sql`${t.consecutiveFailures} >= 0`)],
);

/**
 * Sandbox only: outside parties the sandbox console has switched to failing (its "make the
 * acquirer fail" control), shared by every instance. A platform table (on Citus a reference table).
 */
export const sandboxOutages = pgTable("sandbox_outages", {
  provider: text("provider").primaryKey(),
  startedAt: at("started_at").notNull().defaultNow(),
});
