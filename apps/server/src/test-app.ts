import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { type Config, loadConfig } from "./config.ts";
import { createTestDatabase, type TestDatabase } from "./db/test-database.ts";
import type { UndocumentedStatus } from "./plugins/contract-statuses.ts";

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close: () => Promise<void>;
};

/**
 * The HTTP app on a fresh database, for `app.inject` tests. Not ready yet: tests may add routes.
 * Its DATA_DIR (documents, logos) is a temporary folder unless `env` names one: a test never
 * writes into the checkout's .data, which `npm start` would then find owned by another user.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { clock?: () => Date } = {},
): Promise<TestApp> {
  const ownDataDir = env.DATA_DIR ? undefined : await mkdtemp(path.join(tmpdir(), "kestrel-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    ...env,
  });
  const database = await createTestDatabase();
  // Every answer of every API test is held against the contract: a status the route's schema
  // does not name fails the test file when its app closes.
  const undocumented = new Map<string, UndocumentedStatus>();
  const app = await buildApp(config, {
    database,
    logger: config.logLevel !== "silent",
    ...options,
    onUndocumentedStatus: (found) => undocumented.set(`${found.method} ${found.url} ${found.status}`, found),
  });
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.drop();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
      if (undocumented.size > 0) {
        throw new Error(`answers the contract does not name: ${[...undocumented.keys()].join("; ")}`);
      }
    },
  };
}
