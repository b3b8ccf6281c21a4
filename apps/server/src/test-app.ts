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

/** The HTTP app on a fresh database, for `app.inject` tests. Not ready yet: tests may add routes. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { clock?: () => Date } = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: process.env.LOG_LEVEL ?? "silent", ...env });
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
      if (undocumented.size > 0) {
        throw new Error(`answers the contract does not name: ${[...undocumented.keys()].join("; ")}`);
      }
    },
  };
}
