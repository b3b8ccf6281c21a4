import { chmod, mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import pino from "pino";
import { startEmbeddedPostgres } from "../apps/server/src/db/embedded.ts";
import { checkInvariants } from "../apps/server/src/modules/ledger/index.ts";
import { DEMO_MERCHANT_ID } from "../apps/server/src/modules/merchants/index.ts";
import { startServerProcess } from "../apps/server/src/server-process.ts";
import { startCitusBenchTargets } from "./bench/citus-ledger.ts";
import { cpuMeter } from "./bench/cpu-meter.ts";
import { prepareHttpCustomers, runHttpSends } from "./bench/http-send.ts";
import { BENCH_ACCOUNTS, prepareLedgerDatabase, writeLedgerScripts } from "./bench/ledger-setup.ts";
import { findPgbench, interleavedRuns, pgbench, type RunResult, targetOf } from "./bench/pgbench.ts";

/**
 * `npm run bench:ledger` (issue 5, item 10), on one embedded PostgreSQL, in one run: pgbench's
 * built-in TPC-B-like transaction and the ledger's transfer path called directly in SQL at the
 * same concurrency (uniform over 10,000 wallets, a hot house account, and uniform with the
 * response built from the result), interleaved in rounds; then an audit of the ledger the load
 * left. The ratio compares the uniform run (one statement per transfer, the response known up
 * front) with TPC-B; the HTTP ratio compares POST /v1/wallet/send with it. BENCH_CLIENTS (default 8) and BENCH_SECONDS (per kind of run, default 15)
 * set the load; the whole run stays under two minutes with the defaults.
 * BENCH_HTTP_SECONDS=N adds a long HTTP run after them (issue 25): N seconds of sends from a few
 * senders (BENCH_HTTP_SENDERS, default 8), whose histories grow by thousands of sends, printed by
 * thirds: a send whose cost grew with the sender's history would slow down from third to third.
 * With Citus installed (issue 39; BENCH_CITUS=0 skips it), the same transfer with its arguments
 * bound also runs on plain PostgreSQL 15 and on a Citus coordinator with two workers (15 too), in
 * the same rounds: on one machine that shows Citus's overhead, not its scale (docs/scaling.md).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const LONG_HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 0);
const LONG_HTTP_SENDERS = Number(process.env.BENCH_HTTP_SENDERS ?? 8);
const THREADS = 2;
/** Each run is split into rounds, interleaved with the others (see interleavedRuns). */
const ROUNDS = 3;

const WITH_CITUS = process.env.BENCH_CITUS !== "0";

const bin = findPgbench(repoRoot);
if (!bin) {
  console.error("bench:ledger: pgbench not found (set PGBENCH, or on Debian: apt-get install postgresql-15)");
  process.exit(2);
}

await mkdir(path.join(repoRoot, ".test-data"), { recursive: true });
const dir = await mkdtemp(path.join(repoRoot, ".test-data", "bench-"));
// PostgreSQL runs as the `postgres` user when we are root: it must be able to enter the folder.
await chmod(dir, 0o755);
const embedded = await startEmbeddedPostgres(path.join(dir, "data"), pino({ level: "warn" }));
const target = targetOf(embedded.url);
const dbUrl = (name: string) => {
  const u = new URL(embedded.url);
  u.pathname = `/${name}`;
  return u.toString();
};
const line = (label: string, r: RunResult, unit: string) =>
  console.log(
    `${label.padEnd(66)} ${r.tps.toFixed(0).padStart(6)} ${unit}/s  p50 ${r.p50Ms.toFixed(2)} ms  p99 ${r.p99Ms.toFixed(2)} ms` +
      (r.failed ? `  (${r.failed} failed)` : ""),
  );

try {
  const admin = new pg.Client({ connectionString: embedded.url });
  await admin.connect();
  await admin.query("create database pgbench");
  await admin.query("create database ledger");
  await admin.end();

  console.log(
    `bench:ledger: ${bin}, ${CLIENTS} clients, ${THREADS} threads, ${SECONDS} s per run in ${ROUNDS} interleaved rounds`,
  );
  // Scale = clients, as pgbench advises: fewer branch rows than clients would make TPC-B queue on them.
  await pgbench(bin, target, ["-i", "-q", "-s", String(CLIENTS), "pgbench"], dir);
  await prepareLedgerDatabase(dbUrl("ledger"));
  const scripts = await writeLedgerScripts(dir);
  const citus = WITH_CITUS ? await startCitusBenchTargets(dir, DEMO_MERCHANT_ID) : undefined;
  if (citus) console.log(`bench:ledger: Citus: the merchant's shards on worker ${citus.workerOfMerchant}`);
  // The HTTP path: the server (its own process, no worker) on the same database, driven by
  // autocannon at the same concurrency, signed-in customers sending by phone. Its runs are
  // interleaved with the others, so the shared machine's load weighs on all alike.
  const tokens = await prepareHttpCustomers(dbUrl("ledger"));
  const server = await startServerProcess(dbUrl("ledger"));
  const http = (hot: boolean) => (seconds: number) =>
    runHttpSends({ url: server.url, tokens, connections: CLIENTS, seconds, hot });
  // CPU time per send of the uniform HTTP runs, by process, summed over the rounds.
  const meter = cpuMeter(server.child.pid);
  const httpCpu = { server: 0, postgres: 0, generator: 0, sends: 0 };
  const meteredHttp = async (seconds: number) => {
    const before = meter?.();
    const r = await http(false)(seconds);
    const after = meter?.();
    if (before && after) {
      httpCpu.server += after.server - before.server;
      httpCpu.postgres += after.postgres - before.postgres;
      httpCpu.generator += after.generator - before.generator;
      httpCpu.sends += r.transactions;
    }
    return r;
  };
  let results: Map<string, RunResult>;
  const thirds: RunResult[] = [];
  try {
    await http(false)(2); // warm-up: connections, prepared statements, JIT
    results = await interleavedRuns(
      bin,
      target,
      [
        { name: "tpcb", database: "pgbench" },
        { name: "uniform", database: "ledger", script: scripts.uniform },
        { name: "hot", database: "ledger", script: scripts.hot },
        { name: "built", database: "ledger", script: scripts.built },
        { name: "http", custom: meteredHttp },
        ...(citus
          ? [
              { name: "pg15", database: "kestrel", script: scripts.bound, target: targetOf(citus.plainUrl) },
              { name: "citus", database: "kestrel", script: scripts.bound, target: targetOf(citus.citusUrl) },
            ]
          : []),
        { name: "httpHot", custom: http(true) },
      ],
      {
        rounds: ROUNDS,
        seconds: Math.max(1, Math.round(SECONDS / ROUNDS)),
        clients: CLIENTS,
        threads: THREADS,
        logDir: dir,
      },
    );
    // The long run: three back-to-back thirds on the same server, the senders' usage piling up.
    for (let i = 0; i < 3 && LONG_HTTP_SECONDS > 0; i++) {
      const third = Math.max(1, Math.round(LONG_HTTP_SECONDS / 3));
      thirds.push(
        await runHttpSends({
          url: server.url,
          tokens,
          connections: CLIENTS,
          seconds: third,
          hot: false,
          senders: LONG_HTTP_SENDERS,
        }),
      );
    }
  } finally {
    await server.stop();
  }
  let citusAudit: string | undefined;
  if (citus) {
    try {
      const c = new pg.Client({ connectionString: citus.citusUrl });
      await c.connect();
      const broken = (await checkInvariants(c)).filter((v) => v.violations.length > 0);
      await c.end();
      citusAudit = broken.length === 0 ? "clean" : `VIOLATED: ${broken.map((b) => b.name).join("; ")}`;
    } finally {
      await citus.stop();
    }
  }
  const result = (name: string) => results.get(name) as RunResult;
  const tpcb = result("tpcb");
  const uniform = result("uniform");
  const httpUniform = result("http");
  line(`pgbench TPC-B-like (scale ${CLIENTS})`, tpcb, "tx");
  line(
    `ledger SQL transfer, uniform over ${BENCH_ACCOUNTS.toLocaleString("en")} wallets`,
    uniform,
    "transfers",
  );
  line("ledger SQL transfer, hot account (house liquidity, 8 shards)", result("hot"), "transfers");
  line("ledger SQL transfer, uniform, response built after (2 statements)", result("built"), "transfers");
  line("HTTP POST /v1/wallet/send by phone, uniform over 10,000 customers", httpUniform, "transfers");
  line("HTTP POST /v1/wallet/send by phone, hot recipient", result("httpHot"), "transfers");
  for (const [i, r] of thirds.entries()) {
    line(
      `HTTP send, long run of ${LONG_HTTP_SECONDS} s from ${LONG_HTTP_SENDERS} senders, third ${i + 1}`,
      r,
      "transfers",
    );
  }
  if (httpCpu.sends > 0) {
    const per = (ms: number) => (ms / httpCpu.sends).toFixed(2);
    console.log(
      `HTTP send by phone, CPU per send: server ${per(httpCpu.server)} ms, PostgreSQL ${per(httpCpu.postgres)} ms, load generator ${per(httpCpu.generator)} ms`,
    );
  }

  const client = new pg.Client({ connectionString: dbUrl("ledger") });
  await client.connect();
  const verdicts = await checkInvariants(client);
  await client.end();
  const broken = verdicts.filter((v) => v.violations.length > 0);
  console.log(
    broken.length === 0
      ? `audit after the load: clean (${verdicts.length} invariants)`
      : `audit after the load: VIOLATED: ${broken.map((b) => b.name).join("; ")}`,
  );

  if (citus) {
    line("ledger SQL transfer, arguments bound, plain PostgreSQL 15", result("pg15"), "transfers");
    line(
      "ledger SQL transfer, arguments bound, Citus (coordinator + 2 workers)",
      result("citus"),
      "transfers",
    );
    console.log(`audit of the Citus ledger after the load: ${citusAudit}`);
    if (citusAudit !== "clean") process.exitCode = 1;
  }
  console.log(`ratio sql/pgbench: ${(uniform.tps / tpcb.tps).toFixed(2)}`);
  console.log(`ratio http/pgbench: ${(httpUniform.tps / tpcb.tps).toFixed(2)}`);
  if (citus)
    console.log(
      `ratio citus/pg15 (same transfer, same run): ${(result("citus").tps / result("pg15").tps).toFixed(2)}`,
    );
  if (broken.length > 0) process.exitCode = 1;
} finally {
  await embedded.stop();
  await rm(dir, { recursive: true, force: true });
}
