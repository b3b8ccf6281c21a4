import { mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { describeNotAnswered, failures } from "./cluster/checks.ts";
import { requireTools } from "./failover/binaries.ts";
import type { HaCluster } from "./failover/cluster.ts";
import { runFailover } from "./failover/run-failover.ts";
import { databaseDir } from "./failover/services.ts";

/**
 * `npm run test:failover` (issue 37, docs/operations.md): three PostgreSQL 15 nodes under Patroni
 * with etcd, synchronous replication, HAProxy to the leader; two server instances and a worker on
 * it; sends under load while the leader's PostgreSQL is SIGKILLed, then the leader's whole machine
 * stopped. Prints the figures; exit 1 if anything was lost or applied twice, the audit fails or an
 * old leader did not come back as a replica. FAILOVER_CLIENTS (8), FAILOVER_LOAD_SECONDS (8).
 */
const log = (line: string) => console.log(`test:failover: ${line}`);
requireTools("test:failover", [
  { bin: "patroni", debian: "patroni" },
  // Patroni's etcd client, a package of its own (Debian's patroni accepts other stores too).
  { bin: "python3-etcd", debian: "python3-etcd", probe: "/usr/bin/python3 -c 'import etcd'" },
  { bin: "etcd", debian: "etcd-server" },
  { bin: "haproxy", debian: "haproxy" },
  { bin: "/usr/lib/postgresql/15/bin/postgres", debian: "postgresql-15" },
]);
// Bounded: whatever hangs, the run ends (failed) well inside five minutes.
const LIMIT_MS = 270_000;
let cluster: HaCluster | undefined;
const processes: (() => Promise<void>)[] = [];
const dir = await mkdtemp(path.join(tmpdir(), "kestrel-failover-"));
await databaseDir(dir);
const watchdog = setTimeout(async () => {
  log(`FAIL: not done after ${LIMIT_MS / 1000} s`);
  if (cluster) console.log(await cluster.logs());
  for (const stop of processes) await stop().catch(() => {});
  await cluster?.stop();
  await rm(dir, { recursive: true, force: true });
  process.exit(1);
}, LIMIT_MS);
try {
  log(
    `machine: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const f = await runFailover(
    {
      dir,
      customers: 40,
      concurrency: Number(process.env.FAILOVER_CLIENTS ?? 8),
      loadSeconds: Number(process.env.FAILOVER_LOAD_SECONDS ?? 8),
      log,
    },
    {
      cluster: (c) => {
        cluster = c;
      },
      process: (stop) => processes.push(stop),
    },
  );
  log(
    `requests ${f.requests}, failed attempts ${f.failedAttempts}, keys retried (same key and body) ${f.retriedKeys}`,
  );
  log(
    `keys sent ${f.keysSent} (${f.keysSent - f.exchanges} sends by phone, ${f.exchanges} exchanges), answered 200 ${f.answered200}, refused ${f.refused}, never answered ${f.unanswered}, answered 500 ${f.answered500}`,
  );
  log(
    `applied ${f.applied}, applied twice ${f.appliedTwice}, answered 200 but not applied once ${f.answered200NotApplied}`,
  );
  const eur = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, "0")} EUR`;
  log(
    `customers' EUR ${eur(f.balancesMinor)}, expected ${eur(f.expectedMinor)} (funded ${eur(f.fundedMinor)})`,
  );
  for (const r of f.rounds) {
    log(
      `${r.label}: ${r.killed} -> ${r.newLeader}, ${r.secondsWithoutLeader.toFixed(1)} s without a leader, ${r.killed} back as ${r.oldLeaderBack?.role ?? "NOTHING"}`,
    );
  }
  log(
    `ledger:audit on the new leader ${f.auditClean ? "clean" : "NOT CLEAN"}; worker ${f.workerAlive ? "running" : "DIED"}, ${f.workerTookJob ? "took a job after the failovers" : "TOOK NO JOB"}`,
  );
  log(
    `answered 503 ${f.unavailable} times, ${f.unavailableFromInstance} by an instance and the rest by HAProxy (no instance ready), ${f.unavailableWithoutRetryAfter} without Retry-After; the other failed attempts: no answer, 502 or 504`,
  );
  for (const line of describeNotAnswered(f)) log(line);
  const failed = failures(f);
  if (f.unavailableWithoutRetryAfter > 0)
    failed.push(`${f.unavailableWithoutRetryAfter} answers 503 without Retry-After`);
  if (f.answered500 > 0) failed.push(`${f.answered500} keys answered 500`);
  if (!f.workerAlive) failed.push("the worker died");
  if (!f.workerTookJob) failed.push("the worker took no job after the failovers");
  for (const r of f.rounds) {
    if (!r.oldLeaderBack || r.oldLeaderBack.role === "leader")
      failed.push(`${r.killed} not back as a replica`);
  }
  log(failed.length === 0 ? "PASS: nothing lost, nothing applied twice" : `FAIL: ${failed.join("; ")}`);
  process.exitCode = failed.length === 0 ? 0 : 1;
} catch (err) {
  log(`FAIL: ${err instanceof Error ? err.message : String(err)}`);
  if (cluster) console.log(await cluster.logs());
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  await cluster?.stop();
  await rm(dir, { recursive: true, force: true });
}
