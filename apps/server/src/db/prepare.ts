import { distributeOnCitus } from "./citus/distribute.ts";
import type { Database } from "./database.ts";
import { runMigrations, runQueueMigrations } from "./migrate.ts";
import { seedDatabase } from "./seed.ts";

/** Any number; the one advisory lock the start takes (never used on a request's path). */
const START_LOCK = 4_711_001;

/**
 * Everything a start does to the database: migrations, the live SQL, the job queue's schema and
 * the seed, under a session advisory lock held only while it runs. Instances that start together
 * take turns: the first migrates, the others find nothing left to do. (Without it two instances
 * starting on a fresh database raced on the same CREATE TABLE and one crashed.) On a Citus
 * coordinator the tables are then placed (db/citus/distribute.ts); plain PostgreSQL is left as is.
 * `seed: false` (a production start) writes no merchant, key or other demo row: the sandbox's
 * deposit keys derive from a mnemonic this repository publishes.
 */
export async function prepareDatabase(
  database: Database,
  log?: { info: (details: object, message: string) => void },
  options: { seed: boolean } = { seed: true },
): Promise<void> {
  const lock = await database.pool.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [START_LOCK]);
    try {
      await runMigrations(database.pool);
      await runQueueMigrations(database.pool);
      const placed = await distributeOnCitus(database.pool);
      if (placed) {
        log?.info(
          {
            reference: placed.reference.length,
            distributed: placed.distributed.length,
            waiting: placed.waiting,
          },
          "citus: tables placed; the waiting ones stay plain tables on the coordinator",
        );
      }
      if (options.seed) await seedDatabase(database.pool);
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [START_LOCK]);
    }
  } finally {
    lock.release();
  }
}

/** The start's error line: a database refusal wrapped by drizzle (its migrator) names its real cause. */
export function startFailure(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : "";
  return `${err.message.split("\n")[0]}${cause}`;
}
