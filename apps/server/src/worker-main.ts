import pino from "pino";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { startFailure } from "./db/prepare.ts";
import { refuseUnsafeProduction } from "./db/production-checks.ts";
import { startMetricsServer } from "./metrics/metrics-server.ts";
import { checkNodeVersion } from "./node-version.ts";
import { runSteps } from "./shutdown.ts";
import { startWhenReachable, startWorker } from "./worker.ts";

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

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `Worker failed to start: ${startFailure(err)}`);
  process.exit(1);
});
