import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import pino from "pino";
import type { TestProject } from "vitest/node";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "../apps/server/src/db/embedded.ts";
import { CHROMIUM_PATH } from "./browser.ts";
import { ledgerViolations } from "./ledger-audit.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of the started product, or "" when the browser suite is skipped. */
    e2eBaseUrl: string;
    /** The product's log file of this run (tests scan it for secrets). */
    e2eLogFile: string;
    /** The product's database (tests audit the ledger on it), or "" when the suite is skipped. */
    e2eDatabaseUrl: string;
  }
}

const repoRoot = path.resolve(import.meta.dirname, "..");

/**
 * Starts the whole product (`scripts/start.ts`, as `npm start` does) on a free port with a fresh
 * DATA_DIR, once for the browser suite. Its embedded PostgreSQL is started here (the product's own
 * startEmbeddedPostgres, under DATA_DIR/postgres) and passed as DATABASE_URL, so the tests and
 * the teardown can audit the ledger on it. Without Chromium the suite is skipped loudly, unless
 * E2E_REQUIRED=1 (CI), where that is a failure.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    if (process.env.E2E_REQUIRED === "1") {
      throw new Error(
        `E2E_REQUIRED=1 but no Chromium at ${CHROMIUM_PATH}: install it (apt-get install -y chromium).`,
      );
    }
    console.warn(
      `\n*** BROWSER SUITE SKIPPED: no Chromium at ${CHROMIUM_PATH} (set E2E_REQUIRED=1 to fail instead) ***\n`,
    );
    project.provide("e2eBaseUrl", "");
    project.provide("e2eLogFile", "");
    project.provide("e2eDatabaseUrl", "");
    return;
  }
  await mkdir(path.join(repoRoot, ".test-data"), { recursive: true });
  const dataDir = await mkdtemp(path.join(repoRoot, ".test-data", "e2e-"));
  await chmod(dataDir, 0o755); // PostgreSQL runs as `postgres` when we are root
  const database = await startEmbeddedPostgres(path.join(dataDir, "postgres"), pino({ level: "warn" }));
  const port = await freePort();
  const logFile = path.join(dataDir, "server.log");
  const server = spawn(process.execPath, [path.join(repoRoot, "scripts/start.ts")], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: "info",
      NODE_ENV: "test",
      ...e2eEnv(),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let baseUrl: string;
  try {
    baseUrl = await waitForReady(server, logFile);
  } catch (e) {
    await stopProcess(server);
    await database.stop();
    console.error(readFileSync(logFile, "utf8").split("\n").slice(-40).join("\n"));
    await rm(dataDir, { recursive: true, force: true });
    throw e;
  }
  project.provide("e2eBaseUrl", baseUrl);
  project.provide("e2eLogFile", logFile);
  project.provide("e2eDatabaseUrl", database.url);
  return async () => {
    await stopProcess(server);
    const clean = await auditLedger(database, dataDir);
    await database.stop();
    if (clean) await rm(dataDir, { recursive: true, force: true });
  };
}

/**
 * `npm run ledger:audit` on the whole run's database, once the product has stopped. Vitest only
 * logs an error thrown by a global teardown (the run still exits 0), so a violation, or an audit
 * that could not run, sets the exit code instead; the data is kept for a person to look at.
 */
async function auditLedger(database: EmbeddedDatabase, dataDir: string): Promise<boolean> {
  const violations = await ledgerViolations(database.url).catch((e: unknown) => [`the audit failed: ${e}`]);
  if (violations.length === 0) return true;
  process.exitCode = 1;
  console.error(
    `\n*** LEDGER AUDIT FAILED after the browser run (data kept: DATA_DIR=${dataDir} npm run ledger:audit) ***\n` +
      `${violations.join("\n")}\n`,
  );
  return false;
}

/** Access tokens are short-lived in the browser suite, so a test can wait past one (accounts.e2e.ts). */
export const ACCESS_TOKEN_TTL_SECONDS = 30;

/** Settings the browser suite needs from the product (short lifetimes, fast sandbox clocks). */
export function e2eEnv(): Record<string, string> {
  return {
    ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
    // Every customer of the suite signs up from 127.0.0.1: per-IP limits would stop the suite.
    IP_LIMIT_MULTIPLIER: "100",
    // The sandbox KYC reviewer decides 2 s after a submission (kyc*.e2e.ts wait for it).
    KYC_REVIEW_DELAY_SECONDS: "2",
    // The sandbox chain's clock all but stands still (an hour a block, the most allowed): no
    // transaction confirms by itself, and wallets.e2e.ts moves each one on with
    // /sandbox/chain/advance, so the screens can be watched at "0 of 2", "1 of 2", confirmed.
    // No other suite uses the chain, so none waits longer.
    CHAIN_CONFIRMATION_SECONDS: "3600",
    // The sandbox card issuer waits for cards.e2e.ts to move its clock (the sandbox console).
    CARD_ISSUE_SECONDS: "3600",
    CARD_SHIPPING_STEP_SECONDS: "3600",
  };
}

export async function waitForReady(server: ChildProcess, logFile: string): Promise<string> {
  const { createWriteStream } = await import("node:fs");
  const log = createWriteStream(logFile);
  server.stderr?.pipe(log, { end: false });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`product did not start in 180 s; see ${logFile}`)),
      180_000,
    );
    let buffered = "";
    server.stdout?.on("data", (chunk: Buffer) => {
      log.write(chunk);
      buffered += chunk.toString();
      const ready = /Kestrel is ready at (\S+)/.exec(buffered);
      if (ready) {
        clearTimeout(timer);
        buffered = "";
        resolve(ready[1] as string);
      }
    });
    server.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`product exited with ${code} before it was ready; see ${logFile}`));
    });
  });
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const kill = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
