import { randomBytes } from "node:crypto";
import pg from "pg";
import type { ServerProcess } from "../../apps/server/src/server-process.ts";
import { type Verdict, verify } from "./checks.ts";
import { makeCustomers } from "./customers.ts";
import { drive, type Outcome, sendMaker } from "./load.ts";
import { fund, startInstances, startWorkerProcess, stopProcess } from "./processes.ts";
import { startProxy } from "./proxy.ts";

export type StopFigures = Verdict & {
  proxy: string;
  /** What the stopped instance's /readyz answered right after its SIGTERM. */
  readyzWhileDraining: number | undefined;
  serverExitCode: number | null;
  workerExitCode: number | null;
  /** Keys whose client had to send again, and why: a call cut off, an instance's 503. */
  retriedKeys: number;
  cutKeys: number;
  unavailableFromInstanceKeys: number;
  /** Jobs of the batch still locked, or failed, after the worker's stop (lost until a lock times out). */
  jobsLockedAfterStop: number;
  jobsFailedAfterStop: number;
  /** Jobs of the batch left for another worker by the stopped one, and left after that one ran. */
  jobsLeftAtStop: number;
  jobsLeftAtEnd: number;
};

// A no-op when no deposit is due: a job that is quick and harmless to run many times.
const JOB_TASK = "deposits_settle_due";
const JOBS = 100;
const JOB_KEY = "stop-under-load-";

/**
 * A clean stop under load (issue 52): two instances behind the proxy and a worker; sends through
 * the proxy; SIGTERM to one instance mid-load (it drains, then closes) and to the worker with a
 * batch of jobs queued (it finishes or releases them). A fresh worker then runs what was left.
 */
export async function runStopUnderLoad(o: {
  databaseUrl: string;
  customers: number;
  concurrency: number;
  loadSeconds: number;
  drainSeconds: number;
  log: (line: string) => void;
}): Promise<StopFigures> {
  const env = { SHUTDOWN_DRAIN_SECONDS: String(o.drainSeconds) };
  const instances = await startInstances(2, o.databaseUrl, env);
  let worker = startWorkerProcess(o.databaseUrl);
  const proxy = await startProxy(instances.map((i) => i.url));
  const db = new pg.Pool({ connectionString: o.databaseUrl, max: 2 });
  o.log(`proxy: ${proxy.kind}; instances ${instances.map((i) => i.url).join(", ")}`);
  try {
    const customers = await makeCustomers(o.databaseUrl, o.customers);
    await fund(proxy.url, customers);
    const prefix = `stop${randomBytes(4).toString("hex")}`;
    const outcomes = new Map<string, Outcome>();
    const until = Date.now() + o.loadSeconds * 1000;
    const load = drive({
      url: proxy.url,
      concurrency: o.concurrency,
      next: sendMaker(customers, prefix),
      stop: () => Date.now() >= until,
      outcomes,
      retryDeadline: 30_000,
    });

    await sleep(Math.min(1000, (o.loadSeconds * 1000) / 4));
    const stopped = instances[0] as ServerProcess;
    o.log("SIGTERM to instance 1");
    const serverExit = stopped.stop();
    const readyzWhileDraining = await readyzAfterSignal(stopped.url, o.drainSeconds);
    // The worker is stopped while it works through a batch: once it has taken some of it.
    await db.query(
      `select graphile_worker.add_job($1, '{}'::json, job_key := $2 || g) from generate_series(1, $3) g`,
      [JOB_TASK, JOB_KEY, JOBS],
    );
    const started = Date.now() + 60_000;
    while ((await jobsOfBatch(db)).left === JOBS && Date.now() < started) await sleep(50);
    o.log("SIGTERM to the worker");
    await Promise.all([serverExit, stopProcess(worker)]);
    const jobs = await jobsOfBatch(db);
    const workerExitCode = worker.exitCode;
    const { answered, ok } = await load;
    o.log(`${answered} sends answered, ${ok} with 200; jobs left by the stopped worker: ${jobs.left}`);

    // What the stopped worker left is run by the next one: nothing was lost.
    worker = startWorkerProcess(o.databaseUrl);
    const end = Date.now() + 30_000;
    let left = jobs.left;
    while (left > 0 && Date.now() < end) {
      await sleep(200);
      left = (await jobsOfBatch(db)).left;
    }
    const verdict = await verify(o.databaseUrl, prefix, outcomes, customers);
    return {
      ...verdict,
      proxy: proxy.kind,
      readyzWhileDraining,
      serverExitCode: stopped.child.exitCode,
      workerExitCode,
      retriedKeys: [...outcomes.values()].filter((x) => x.retries > 0).length,
      cutKeys: [...outcomes.values()].filter((x) => x.cut > 0).length,
      unavailableFromInstanceKeys: [...outcomes.values()].filter((x) => x.unavailableFromInstance > 0).length,
      jobsLockedAfterStop: jobs.locked,
      jobsFailedAfterStop: jobs.failed,
      jobsLeftAtStop: jobs.left,
      jobsLeftAtEnd: left,
    };
  } finally {
    await db.end();
    await proxy.close();
    await Promise.all(instances.map((i) => i.stop()));
    await stopProcess(worker);
  }
}

/**
 * /readyz as a proxy's health check sees it once the signal is sent: asked every 50 ms until it
 * answers other than 200 (or no longer answers) within the drain period. A request that arrives
 * before the process has taken the signal is rightly answered 200 (the CI run of 9a3e160 asked
 * once, too early, and read 200); a drain that never says 503 still fails.
 */
async function readyzAfterSignal(url: string, drainSeconds: number): Promise<number | undefined> {
  const end = Date.now() + drainSeconds * 1000;
  let status: number | undefined;
  do {
    status = await fetch(`${url}/readyz`).then(
      (r) => r.status,
      () => undefined,
    );
    if (status !== 200) return status;
    await sleep(50);
  } while (Date.now() < end);
  return status;
}

async function jobsOfBatch(db: pg.Pool) {
  const { rows } = await db.query<{ left: string; locked: string; failed: string }>(
    `select count(*) as left,
            count(*) filter (where locked_at is not null) as locked,
            count(*) filter (where last_error is not null) as failed
       from graphile_worker.jobs where key like $1`,
    [`${JOB_KEY}%`],
  );
  const r = rows[0];
  return { left: Number(r?.left), locked: Number(r?.locked), failed: Number(r?.failed) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
