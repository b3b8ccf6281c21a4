import { type Runner, run, Logger as WorkerLogger } from "graphile-worker";
import type pg from "pg";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import { adjustmentCronItems, createAdjustmentTasks } from "./jobs/adjustment-jobs.ts";
import { chainFollowerCronItems, startChainFollowers } from "./jobs/chain-follower-jobs.ts";
import { claimCronItems, createClaimTasks } from "./jobs/claim-jobs.ts";
import { depositCronItems } from "./jobs/deposit-jobs.ts";
import { createHousekeepingTasks, housekeepingCronItems } from "./jobs/housekeeping-jobs.ts";
import { createTaskList } from "./jobs/index.ts";
import { watchJobQueue, watchPool } from "./metrics/sources.ts";
import { createServices } from "./services.ts";

/** Runs the background jobs (graphile-worker) on the given pool until stopped. */
export async function startWorker(pool: pg.Pool, log: Logger, config: Config): Promise<Runner> {
  // Jobs that compose several modules' services (claims, adjustments: ledger, history, ...) get
  // them wired as the server wires them, on the worker's pool.
  const services = createServices(config, { pool, close: async () => {} });
  const runner = await run({
    pgPool: pool,
    taskList: {
      ...createTaskList(config),
      ...createClaimTasks(services.claims),
      ...createAdjustmentTasks(services.adjustments),
      ...createHousekeepingTasks(services),
    },
    concurrency: 4,
    // Completions and failures go through graphile-worker's batchers (0 ms: no wait), because
    // its graceful stop flushes them; unbatched, the last job's completion could still be in
    // flight when the stop resolved and the pool closed, leaving that job locked for hours.
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    // The process owns signal handling: it stops the HTTP server, then the worker, then the database.
    noHandleSignals: true,
    pollInterval: 1000,
    parsedCronItems: [
      ...depositCronItems,
      ...claimCronItems,
      ...adjustmentCronItems,
      ...housekeepingCronItems,
      ...chainFollowerCronItems(config),
    ],
    logger: jsonLogger(log),
  });
  if (config.metricsPort !== undefined) {
    watchPool(pool);
    watchJobQueue(pool);
  }
  await startChainFollowers(runner, config);
  log.info("worker started");
  return runner;
}

/** graphile-worker's lines as the server's: pino JSON, its scope (worker, task, job) as fields. */
function jsonLogger(log: Logger): WorkerLogger {
  const LEVELS = { error: "error", warning: "warn", info: "info", debug: "debug" } as const;
  return new WorkerLogger((scope) => {
    const child = log.child({ component: "worker", ...scope });
    return (level, message, meta) => {
      const error = meta?.error;
      child[LEVELS[level] ?? "info"](error instanceof Error ? { err: error } : {}, message);
    };
  });
}
