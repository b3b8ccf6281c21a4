import type { Tx } from "../../db/transaction.ts";
import type { ProviderHealth } from "./status.types.ts";

/** The SQL of provider health (table provider_health): a platform table, one row per party. */
export const statusSql = {
  /** One more failed call: a new run starts at the first. */
  async recordFailure(c: Tx, provider: string, error: string): Promise<void> {
    await c.query(
      `insert into provider_health (provider, consecutive_failures, failing_since, last_failure_at, last_error)
       values ($1, 1, now(), now(), $2)
       on conflict (provider) do update set
         consecutive_failures = provider_health.consecutive_failures + 1,
         failing_since = coalesce(provider_health.failing_since, now()),
         last_failure_at = now(),
         last_error = excluded.last_error`,
      [provider, error.slice(0, 500)],
    );
  },

  /**
   * A call that worked ends a run of failures. The WHERE matches (and locks) a row only while a
   * run is on, so the usual success writes nothing and never queues behind another call.
   */
  async recordSuccess(c: Tx, provider: string): Promise<void> {
    await c.query(
      `update provider_health set consecutive_failures = 0, failing_since = null, last_success_at = now()
       where provider = $1 and consecutive_failures > 0`,
      [provider],
    );
  },

  async list(c: Tx): Promise<ProviderHealth[]> {
    const { rows } = await c.query<ProviderHealth>(
      `select provider, consecutive_failures as "consecutiveFailures", failing_since as "failingSince",
         last_failure_at as "lastFailureAt"
       from provider_health`,
    );
    return rows;
  },
};
