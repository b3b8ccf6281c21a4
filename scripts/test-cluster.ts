import { chmod, mkdir, mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "../apps/server/src/db/embedded.ts";
import { describeNotAnswered, failures } from "./cluster/checks.ts";
import { restartFailures, runCluster } from "./cluster/run-cluster.ts";

/**
 * `npm run test:cluster` (issue 25, docs/cluster.md): PostgreSQL (DATABASE_URL, else embedded in a
 * temporary folder), two server instances and a worker behind a proxy (HAProxy when installed,
 * else a Node proxy), sends by phone through it, one instance killed with SIGKILL mid-load,
 * retries by key, the killed instance started again under load and sent to; prints the figures
 * and exits 1 if anything was lost or applied twice, or the restarted instance does not serve.
 * CLUSTER_SECONDS (each throughput run, default 10), CLUSTER_SENDS (the kill phase, default 600),
 * CLUSTER_CLIENTS (default 8).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let embedded: EmbeddedDatabase | undefined;
let dir: string | undefined;
let url = process.env.DATABASE_URL;
if (!url) {
  await mkdir(path.join(repoRoot, ".test-data"), { recursive: true });
  dir = await mkdtemp(path.join(repoRoot, ".test-data", "cluster-"));
  await chmod(dir, 0o755); // PostgreSQL runs as `postgres` when we are root
  embedded = await startEmbeddedPostgres(path.join(dir, "data"), pino({ level: "warn" }));
  url = embedded.url;
}
const log = (line: string) => console.log(`test:cluster: ${line}`);
try {
  log(
    `machine: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const f = await runCluster({
    databaseUrl: url,
    customers: 40,
    concurrency: Number(process.env.CLUSTER_CLIENTS ?? 8),
    throughputSeconds: Number(process.env.CLUSTER_SECONDS ?? 10),
    killSends: Number(process.env.CLUSTER_SENDS ?? 600),
    log,
  });
  const eur = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, "0")} EUR`;
  log(
    `keys sent ${f.keysSent}, answered 200 ${f.answered200}, refused ${f.refused}, never answered ${f.unanswered}`,
  );
  log(`keys retried (same key and body) ${f.retriedKeys}`);
  log(
    `applied ${f.applied}, applied twice ${f.appliedTwice}, answered 200 but not applied once ${f.answered200NotApplied}`,
  );
  log(`sum of balances ${eur(f.balancesMinor)}, funded ${eur(f.fundedMinor)}`);
  log(`ledger:audit ${f.auditClean ? "clean" : "NOT CLEAN"}; worker ${f.workerAlive ? "running" : "DIED"}`);
  log(
    `throughput: two instances ${f.twoInstancesPerSecond.toFixed(0)} sends/s, one instance ${f.oneInstancePerSecond.toFixed(0)} sends/s (proxy ${f.proxy})`,
  );
  log(
    `restart of instance 1 under load: ${f.restart.failure ? `FAILED (${f.restart.failure})` : `up in ${f.restart.ms} ms`}, ` +
      `${f.restart.sendsMeanwhile} sends meanwhile, ${f.restart.directOk} of ${f.restart.direct} sent to it answered 200`,
  );
  for (const line of describeNotAnswered(f)) log(line);
  const failed = [...failures(f), ...restartFailures(f.restart)];
  if (!f.workerAlive) failed.push("the worker died");
  log(
    failed.length === 0
      ? "PASS: nothing lost, nothing applied twice; the killed instance started again and served"
      : `FAIL: ${failed.join("; ")}`,
  );
  process.exitCode = failed.length === 0 ? 0 : 1;
} finally {
  await embedded?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}
