import { type Runner, run } from "graphile-worker";
import type pg from "pg";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import { chainFollowerCronItems, startChainFollowers } from "./jobs/chain-follower-jobs.ts";
import { depositCronItems } from "./jobs/deposit-jobs.ts";
import { createTaskList } from "./jobs/index.ts";

/** Runs the background jobs (graphile-worker) on the given pool until stopped. */
export async function startWorker(pool: pg.Pool, log: Logger, config: Config): Promise<Runner> {
  const runner = await run({
    pgPool: pool,
    taskList: createTaskList(config),
    concurrency: 4,
    // The process owns signal handling: it stops the HTTP server, then the worker, then the database.
    noHandleSignals: true,
    pollInterval: 1000,
    parsedCronItems: [...depositCronItems, ...chainFollowerCronItems(config)],
    logger: undefined,
  });
  await startChainFollowers(runner, config);
  log.info("worker started");
  return runner;
}
