import { type Runner, run, Logger as WorkerLogger } from "graphile-worker";
import type pg from "pg";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import { startFailure } from "./db/prepare.ts";
import { isDatabaseUnavailable } from "./db/transaction.ts";
import { adjustmentCronItems, createAdjustmentTasks } from "./jobs/adjustment-jobs.ts";
import { chainFollowerCronItems, startChainFollowers } from "./jobs/chain-follower-jobs.ts";
import { claimCronItems, createClaimTasks } from "./jobs/claim-jobs.ts";
import { depositCronItems } from "./jobs/deposit-jobs.ts";
import { createHousekeepingTasks, housekeepingCronItems } from "./jobs/housekeeping-jobs.ts";
import { createTaskList } from "./jobs/index.ts";
import { watchJobQueue, watchPool } from "./metrics/sources.ts";
import { createServices } from "./services.ts";

/** The background jobs, running until `stop` (which lets running jobs finish or releases them). */
export type Worker = { stop: () => Promise<void> };

/**
 * Runs the background jobs (graphile-worker) on the given pool until stopped. graphile-worker
 * ends its runner by itself on some failures (a completion it could not write after its retries,
 * a worker of its pool that died, a schema it reads as too new), while the process lives on; a
 * worker process that takes no job and says nothing is the worst outcome, so such an end is
 * logged at error level and the runner started again once the database answers (as an
 * orchestrator would restart the process). If it cannot start again, the process exits 1.
 */
export async function startWorker(pool: pg.Pool, log: Logger, config: Config): Promise<Worker> {
  let runner = await startRunner(pool, log, config);
  let stopping = false;
  let restarting: Promise<void> | undefined;
  const keep = (current: Runner) => {
    current.promise.then(
      () => restart(undefined),
      (err: unknown) => restart(err),
    );
  };
  const restart = (err: unknown) => {
    if (stopping) return;
    log.error({ err }, "the job runner stopped by itself; starting it again");
    // A second's pause: a runner that keeps ending at once must not restart in a tight loop.
    const pause = new Promise((resolve) => setTimeout(resolve, 1000));
    restarting = pause
      .then(() => startWhenReachable(() => startRunner(pool, log, config), log))
      .then(
        (next) => {
          runner = next;
          restarting = undefined;
          if (stopping) return next.stop();
          keep(next);
        },
        (startErr: unknown) => {
          log.fatal({ err: startErr }, "the job runner could not start again; exiting");
          process.exit(1);
        },
      );
  };
  keep(runner);
  return {
    stop: async () => {
      stopping = true;
      if (restarting) return restarting;
      await runner.stop();
    },
  };
}

/**
 * A failover during the worker's start (its first connections meet a dying leader, then none while
 * another is elected) is waited out, as the API's requests wait it out with 503s: the worker
 * starts once a leader answers, for up to a minute, instead of exiting and leaving jobs untaken.
 */
export async function startWhenReachable<T>(start: () => Promise<T>, log: Logger): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await start();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() > deadline) throw err;
      log.warn({ cause: startFailure(err) }, "the database is unavailable; starting again in 1 s");
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

async function startRunner(pool: pg.Pool, log: Logger, config: Config): Promise<Runner> {
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
