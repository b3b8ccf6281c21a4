import pino from "pino";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { startFailure } from "./db/prepare.ts";
import { refuseUnsafeProduction } from "./db/production-checks.ts";
import { isDatabaseUnavailable } from "./db/transaction.ts";
import { startMetricsServer } from "./metrics/metrics-server.ts";
import { checkNodeVersion } from "./node-version.ts";
import { runSteps } from "./shutdown.ts";
import { startWorker } from "./worker.ts";

/** The worker alone, for production (`npm run start:worker`): needs DATABASE_URL. */
async function main() {
  const oldNode = checkNodeVersion();
  if (oldNode) throw new ConfigError(oldNode);
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new ConfigError("Invalid configuration: DATABASE_URL: required for a standalone worker");
  const log = pino({ level: config.logLevel });
  const database = openDatabase(config.databaseUrl);
  // The server's start prepared the database; a production worker refuses what it refuses.
  if (config.env === "production") await refuseUnsafeProduction(database.pool, config);
  const worker = await startWhenReachable(() => startWorker(database.pool, log, config), log);
  const metrics =
    config.metricsPort === undefined ? undefined : await startMetricsServer(config.metricsPort, config.host);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    // Running jobs finish (or are released for another worker), then the pool closes.
    await runSteps(
      [
        { name: "worker stop", run: () => worker.stop() },
        { name: "metrics close", run: async () => metrics?.close() },
        { name: "pool close", run: () => database.close() },
      ],
      log,
    );
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

/**
 * A failover during the worker's start (its first connections meet a dying leader, then none while
 * another is elected) is waited out, as the API's requests wait it out with 503s: the worker
 * starts once a leader answers, for up to a minute, instead of exiting and leaving jobs untaken.
 */
async function startWhenReachable<T>(start: () => Promise<T>, log: pino.Logger): Promise<T> {
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

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `Worker failed to start: ${startFailure(err)}`);
  process.exit(1);
});
