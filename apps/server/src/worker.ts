import { type Runner, run } from "graphile-worker";
import type pg from "pg";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import { adjustmentCronItems, createAdjustmentTasks } from "./jobs/adjustment-jobs.ts";
import { chainFollowerCronItems, startChainFollowers } from "./jobs/chain-follower-jobs.ts";
import { claimCronItems, createClaimTasks } from "./jobs/claim-jobs.ts";
import { depositCronItems } from "./jobs/deposit-jobs.ts";
import { createHousekeepingTasks, housekeepingCronItems } from "./jobs/housekeeping-jobs.ts";
import { createTaskList } from "./jobs/index.ts";
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
    logger: undefined,
  });
  await startChainFollowers(runner, config);
  log.info("worker started");
  return runner;
}
