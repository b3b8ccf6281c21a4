import path from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { buildApp } from "./app.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "./db/embedded.ts";
import { prepareDatabase, startFailure } from "./db/prepare.ts";
import { refuseUnsafeProduction } from "./db/production-checks.ts";
import { startMetricsServer } from "./metrics/metrics-server.ts";
import { seedSandboxAdmin } from "./modules/operators/index.ts";
import { checkNodeVersion } from "./node-version.ts";
import { registerDrain, stopServer } from "./shutdown.ts";
import { startWorker, type Worker } from "./worker.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export type StartOptions = { worker: boolean };

/**
 * Starts the product: database (embedded when DATABASE_URL is unset), migrations, seed, HTTP
 * server, and the worker in-process unless told otherwise. SIGINT/SIGTERM stop all of it.
 */
export async function start(config: Config, options: StartOptions) {
  const log = pino({ level: config.logLevel });
  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl)
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, "postgres"), log, { ownSession: true });
  const database = openDatabase(config.databaseUrl ?? (embedded as EmbeddedDatabase).url);
  // Production seeds nothing and serves no database holding the sandbox's public keys or admin.
  const production = config.env === "production";
  await prepareDatabase(database, log, { seed: !production });
  // The sandbox's platform admin (README, docs/backoffice.md); a no-op once made.
  if (config.sandbox) await seedSandboxAdmin(database.pool);
  if (production) await refuseUnsafeProduction(database.pool, config);

  const app = await buildApp(config, {
    database,
    staticApps: {
      webDist: path.join(repoRoot, "apps/web/dist"),
      widgetDist: path.join(repoRoot, "apps/kyc-widget/dist"),
      backofficeDist: path.join(repoRoot, "apps/backoffice/dist"),
    },
  });
  const worker: Worker | undefined = options.worker
    ? await startWorker(database.pool, log, config)
    : undefined;
  const metrics =
    config.metricsPort === undefined ? undefined : await startMetricsServer(config.metricsPort, config.host);

  const drain = registerDrain(app);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    // Order matters (shutdown.ts): drain, stop taking requests and finish those in flight, let
    // jobs finish or be released, then close the database under them.
    // A Ctrl-C (SIGINT) is someone at a terminal: no proxy to drain.
    const times = signal === "SIGINT" ? { ...config.shutdown, drainSeconds: 0 } : config.shutdown;
    await stopServer(
      app,
      drain,
      times,
      [
        { name: "worker stop", run: async () => worker?.stop() },
        { name: "metrics close", run: async () => metrics?.close() },
        { name: "pool close", run: () => database.close() },
        { name: "database stop", run: async () => embedded?.stop() },
      ],
      log,
    );
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  console.log(`Kestrel is ready at ${config.publicBaseUrl.replace(`:${config.port}`, `:${port}`)}`);
  return app;
}

// Run directly (`node apps/server/src/main.ts`): start from the environment.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const oldNode = checkNodeVersion();
  if (oldNode) {
    console.error(oldNode);
    process.exit(1);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
  start(config, { worker: config.runWorker && !process.argv.includes("--no-worker") }).catch((err) => {
    console.error(`Kestrel failed to start: ${startFailure(err)}`);
    process.exit(1);
  });
}
