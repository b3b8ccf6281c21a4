import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type CitusCluster, citusMissing } from "./citus/cluster.ts";
import { runCitus } from "./citus/run-citus.ts";
import { describeNotAnswered, failures } from "./cluster/checks.ts";
import { databaseDir } from "./failover/services.ts";

/**
 * `npm run test:citus` (issue 39, docs/scaling.md): a Citus cluster on loopback (a coordinator
 * and two workers, PostgreSQL 15 with Citus 13, fresh data folders under .test-data), the product
 * started on it, sends and exchanges by customers of both seeded merchants, a third worker added
 * and the shards rebalanced under load. Installs nothing: says in one line what is missing.
 * CITUS_CLIENTS (6), CITUS_LOAD_SECONDS (6), CITUS_CUSTOMERS (10 per merchant), CITUS_KEEP (keep logs).
 */
const log = (line: string) => console.log(`test:citus: ${line}`);
const missing = citusMissing();
if (missing.length > 0) {
  console.error(`test:citus: missing ${missing.join("; ")}`);
  process.exit(2);
}
// Bounded: whatever hangs, the run ends (failed) inside six minutes.
const LIMIT_MS = 330_000;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
await mkdir(path.join(repoRoot, ".test-data"), { recursive: true });
const dir = await mkdtemp(path.join(repoRoot, ".test-data", "citus-"));
await databaseDir(dir);
let cluster: CitusCluster | undefined;
const processes: (() => Promise<void>)[] = [];
const cleanUp = async () => {
  for (const stop of processes) await stop().catch(() => {});
  await cluster?.stop();
  // CITUS_KEEP=1 keeps the nodes' logs (the folder is printed) to read after a failure.
  if (process.env.CITUS_KEEP) log(`kept ${dir}`);
  else await rm(dir, { recursive: true, force: true });
};
const began = Date.now();
const watchdog = setTimeout(async () => {
  log(`FAIL: not done after ${LIMIT_MS / 1000} s`);
  await cleanUp();
  process.exit(1);
}, LIMIT_MS);
let status = 0;
try {
  log(
    `machine: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const f = await runCitus(
    {
      dir,
      customersPerMerchant: Number(process.env.CITUS_CUSTOMERS ?? 10),
      concurrency: Number(process.env.CITUS_CLIENTS ?? 6),
      loadSeconds: Number(process.env.CITUS_LOAD_SECONDS ?? 6),
      log,
    },
    {
      cluster: (c) => {
        cluster = c;
      },
      process: (stop) => processes.push(stop),
    },
  );
  for (const p of f.after) log(`after: ${p.merchant}'s shards (${p.shards} shards) on ${p.node}`);
  log(
    `keys sent ${f.keysSent}, answered 200 ${f.answered200}, refused ${f.refused}, never answered ${f.unanswered}; applied ${f.applied}, applied twice ${f.appliedTwice}, answered 200 but not applied once ${f.answered200NotApplied}`,
  );
  const eur = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, "0")} EUR`;
  log(
    `customers' EUR ${eur(f.balancesMinor)}, expected ${eur(f.expectedMinor)} (funded ${eur(f.fundedMinor)})`,
  );
  log(
    `ledger:audit on the coordinator ${f.auditClean ? "clean" : "NOT CLEAN"}; worker ${f.workerAlive ? "running" : "DIED"}`,
  );
  log(`statements Citus ran without one merchant to route by (multi-shard, or reference tables only):`);
  for (const s of f.multiShard) log(`  ${String(s.calls).padStart(6)}  ${s.query}`);
  if (f.multiShard.length === 0) log("  (none)");
  log(`journeys: statements Citus ran on more than one shard (citus.multi_task_query_log_level):`);
  for (const m of f.journeys.multiTask) {
    const whose = m.request
      ? m.why
        ? `allowed: ${m.why}`
        : "NOT ALLOWED: a request's fan-out"
      : "the test's own SQL";
    log(`  ${String(m.count).padStart(4)}  ${m.statement.slice(0, 140)}`);
    log(`        ${whose}; during ${m.steps.join(", ")}`);
  }
  if (f.journeys.multiTask.length === 0) log("  (none)");
  log(
    `${f.distributed.length} tables distributed by merchant_id, ${f.reference} reference tables; ${f.waiting.length} left as plain tables on the coordinator (docs/scaling.md):`,
  );
  for (const w of f.waiting) log(`  waiting: ${w.table}: ${w.why}`);
  for (const line of describeNotAnswered(f)) log(line);
  const problems = [
    ...failures(f),
    ...f.journeys.failed.map((step) => `journey ${step}`),
    ...f.journeys.multiTask
      .filter((m) => m.request && !m.why)
      .map((m) => `a request's statement ran on more than one shard: ${m.statement.slice(0, 160)}`),
  ];
  if (problems.length > 0) {
    status = 1;
    for (const p of problems) log(`FAIL: ${p}`);
  } else {
    log(`PASS in ${((Date.now() - began) / 1000).toFixed(0)} s`);
  }
} catch (err) {
  status = 1;
  log(`FAIL: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
} finally {
  clearTimeout(watchdog);
  await cleanUp();
}
process.exit(status);
