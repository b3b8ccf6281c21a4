import { chmod, mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import pino from "pino";
import type { TestProject } from "vitest/node";
import { openDatabase } from "./database.ts";
import { startEmbeddedPostgres } from "./embedded.ts";
import { prepareDatabase } from "./prepare.ts";

export const TEMPLATE_DB = "kestrel_template";
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

declare module "vitest" {
  export interface ProvidedContext {
    /** A superuser URL of the test PostgreSQL server; test files clone TEMPLATE_DB from it. */
    testDatabaseAdminUrl: string;
  }
}

/**
 * One PostgreSQL server per test run (embedded, or TEST_DATABASE_URL), with a migrated and seeded
 * template database that each test file clones: files run in parallel without seeing each other.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!adminUrl) {
    await mkdir(path.join(repoRoot, ".test-data"), { recursive: true });
    const dir = await mkdtemp(path.join(repoRoot, ".test-data", "pg-"));
    // PostgreSQL runs as the `postgres` user when we are root: it must be able to enter the folder.
    await chmod(dir, 0o755);
    const embedded = await startEmbeddedPostgres(path.join(dir, "data"), pino({ level: "warn" }));
    adminUrl = embedded.url;
    stop = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const template = openDatabase(withDatabase(adminUrl, TEMPLATE_DB), { max: 2 });
  await prepareDatabase(template);
  await template.close();
  project.provide("testDatabaseAdminUrl", adminUrl);
  return stop;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
