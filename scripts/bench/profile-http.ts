import { chmod, mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import pino from "pino";
import { startEmbeddedPostgres } from "../../apps/server/src/db/embedded.ts";
import { startServerProcess } from "../../apps/server/src/server-process.ts";
import { cpuMeter } from "./cpu-meter.ts";
import { prepareHttpCustomers, runHttpSends } from "./http-send.ts";
import { prepareLedgerDatabase } from "./ledger-setup.ts";

/**
 * Where a send by phone's time goes, for work on its cost (not a benchmark: no reference, no
 * ratio): bench:ledger's HTTP load alone (8 connections, uniform over 10,000 customers) for
 * PROFILE_SECONDS (default 10) after a 3-second warm-up, then sends/s, CPU per send by process, and
 * per table the rows written, the HOT share of updates and the sequential scans (a stale plan
 * shows there), then pg_stat_statements' statements by total time (nested ones included, marked T
 * when top-level). PROFILE_CONNECTIONS sets the concurrency (default 8); PROFILE_HOT=1 sends every
 * transfer to one recipient (bench:ledger's hot-recipient run), to see what contends on its rows.
 * BENCH_CPU_PROF=dir also writes the server's V8 CPU profile there.
 *   node scripts/bench/profile-http.ts
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
/** PROFILE_STATEMENTS=0: no pg_stat_statements (its cost), for a quick throughput check. */
const STATEMENTS = process.env.PROFILE_STATEMENTS !== "0";
/** PROFILE_TRACK=top: top-level statements only, for their times without the cost of timing nested ones. */
const TRACK = process.env.PROFILE_TRACK === "top" ? "top" : "all";

await mkdir(path.join(repoRoot, ".test-data"), { recursive: true });
const dir = await mkdtemp(path.join(repoRoot, ".test-data", "profile-"));
await chmod(dir, 0o755);
const dataDir = path.join(dir, "data");
const log = pino({ level: "warn" });
let embedded = await startEmbeddedPostgres(dataDir, log);
try {
  // pg_stat_statements must be preloaded: set it, then start the server again.
  if (STATEMENTS) {
    await withClient(embedded.url, async (c) => {
      await c.query("alter system set shared_preload_libraries = 'pg_stat_statements'");
      await c.query(`alter system set pg_stat_statements.track = '${TRACK}'`);
    });
    await embedded.stop();
    embedded = await startEmbeddedPostgres(dataDir, log);
  }
  const url = new URL(embedded.url);
  url.pathname = "/ledger";
  await withClient(embedded.url, (c) => c.query("create database ledger"));
  await prepareLedgerDatabase(url.toString());
  const tokens = await prepareHttpCustomers(url.toString());
  await withClient(url.toString(), async (c) => {
    if (STATEMENTS) await c.query("create extension pg_stat_statements");
    const server = await startServerProcess(url.toString());
    try {
      const send = (seconds: number) =>
        runHttpSends({
          url: server.url,
          tokens,
          connections: Number(process.env.PROFILE_CONNECTIONS ?? 8),
          seconds,
          hot: process.env.PROFILE_HOT === "1",
        });
      await send(3);
      if (STATEMENTS) await c.query("select pg_stat_statements_reset()");
      const meter = cpuMeter(server.child.pid);
      const before = meter?.();
      const r = await send(SECONDS);
      const after = meter?.();
      console.log(`sends/s ${r.tps.toFixed(0)}  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  failed ${r.failed}`);
      if (before && after) {
        const per = (a: number, b: number) => ((a - b) / r.transactions).toFixed(3);
        console.log(
          `CPU per send: server ${per(after.server, before.server)} ms, PostgreSQL ${per(after.postgres, before.postgres)} ms, load generator ${per(after.generator, before.generator)} ms`,
        );
      }
      // An update that is not HOT touches every index; a sequential scan on a big table is a stale plan.
      const tables = await c.query<{
        t: string;
        ins: string;
        upd: string;
        hot: string;
        seq: string;
        seqrows: string;
      }>(
        `select relname as t, n_tup_ins as ins, n_tup_upd as upd, n_tup_hot_upd as hot,
                seq_scan as seq, seq_tup_read as seqrows
         from pg_stat_user_tables where n_tup_ins + n_tup_upd + seq_scan > 1000 order by relname`,
      );
      console.log("  table                      inserted    updated        HOT   seq scans  rows scanned");
      for (const t of tables.rows)
        console.log(
          `  ${t.t.padEnd(24)} ${t.ins.padStart(10)} ${t.upd.padStart(10)} ${t.hot.padStart(10)} ${t.seq.padStart(11)} ${t.seqrows.padStart(13)}`,
        );
      if (!STATEMENTS) return;
      const { rows } = await c.query<{ calls: string; total: string; mean: string; top: boolean; q: string }>(
        `select calls, round(total_exec_time::numeric, 1) as total, round((total_exec_time / calls)::numeric, 4) as mean,
                toplevel as top, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as q
         from pg_stat_statements where calls > 100 order by total_exec_time desc limit 45`,
      );
      console.log("  calls   total ms  mean ms    statement");
      for (const s of rows) {
        console.log(
          `${s.calls.padStart(7)} ${s.total.padStart(10)} ${s.mean.padStart(8)} ${s.top ? "T" : " "} ${s.q}`,
        );
      }
    } finally {
      await server.stop();
    }
  });
} finally {
  await embedded.stop();
  await rm(dir, { recursive: true, force: true });
}

async function withClient<T>(connectionString: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
