import pino from "pino";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { startFailure } from "./db/prepare.ts";
import { refuseUnsafeProduction } from "./db/production-checks.ts";
import { startWorker } from "./worker.ts";

/** The worker alone, for production (`npm run start:worker`): needs DATABASE_URL. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new ConfigError("Invalid configuration: DATABASE_URL: required for a standalone worker");
  const log = pino({ level: config.logLevel });
  const database = openDatabase(config.databaseUrl);
  // The server's start prepared the database; a production worker refuses what it refuses.
  if (config.env === "production") await refuseUnsafeProduction(database.pool, config);
  const worker = await startWorker(database.pool, log, config);
  const stop = async () => {
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `Worker failed to start: ${startFailure(err)}`);
  process.exit(1);
});
