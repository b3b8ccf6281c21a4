import { randomBytes } from "node:crypto";
import pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { EXPIRE_PENDING_TASK } from "../../apps/server/src/jobs/expire-pending-transfers.ts";
import { DEMO_MERCHANT_ID } from "../../apps/server/src/modules/merchants/index.ts";
import { type Verdict, verify } from "../cluster/checks.ts";
import { makeCustomers } from "../cluster/customers.ts";
import { drive, type Outcome, sendMaker } from "../cluster/load.ts";
import {
  fund,
  isRunning,
  startInstances,
  startWorkerProcess,
  stopProcess,
  workerLogTail,
} from "../cluster/processes.ts";
import { startProxy } from "../cluster/proxy.ts";
import { allUp, type HaCluster, startHaCluster, writes } from "./cluster.ts";
import type { MemberStatus, PatroniNode } from "./patroni.ts";
import { sleep, until } from "./services.ts";

export type FailoverOptions = {
  /** An empty folder the database user may write: the nodes' data, etcd's, the logs. */
  dir: string;
  customers: number;
  concurrency: number;
  /** Seconds of load before each kill and after the last. */
  loadSeconds: number;
  log: (line: string) => void;
};

type Round = {
  label: string;
  killed: string;
  newLeader: string;
  /** From the last write that committed before the kill to the first one after. */
  secondsWithoutLeader: number;
  /** The killed node's role once it is back: a replica (or the synchronous standby). */
  oldLeaderBack: MemberStatus | undefined;
};

export type FailoverFigures = Verdict & {
  rounds: Round[];
  requests: number;
  failedAttempts: number;
  retriedKeys: number;
  answered500: number;
  /** 503 answers met on the way, and how many of them came without a Retry-After. */
  unavailable: number;
  unavailableWithoutRetryAfter: number;
  unavailableFromInstance: number;
  /** Of the keys, how many were exchanges (the rest sends by phone). */
  exchanges: number;
  workerAlive: boolean;
  /** A job queued after both failovers was taken by the worker. */
  workerTookJob: boolean;
};

/**
 * `npm run test:failover` (issue 37, docs/operations.md): the HA cluster (cluster.ts), two server
 * instances and a worker on its HAProxy, customers sending under load; round 1 SIGKILLs the
 * leader's PostgreSQL, round 2 stops the leader's whole machine and starts it again; then what the
 * new leader's database says of every key.
 */
export async function runFailover(
  o: FailoverOptions,
  /**
   * Told of the cluster, and of each process started for the load: if the run must be cut short
   * (test-failover.ts's time limit), these are what to stop.
   */
  started: { cluster: (c: HaCluster) => void; process: (stop: () => Promise<void>) => void },
): Promise<FailoverFigures> {
  const began = Date.now();
  const cluster = await startHaCluster(o.dir);
  started.cluster(cluster);
  await cluster.settled("three nodes up", allUp, 90_000);
  o.log(`three nodes up in ${((Date.now() - began) / 1000).toFixed(1)} s: ${await describe(cluster)}`);

  const instances = await startInstances(2, cluster.url);
  for (const i of instances) started.process(i.kill);
  const worker = startWorkerProcess(cluster.url);
  started.process(() => stopProcess(worker, "SIGKILL"));
  const proxy = await startProxy(instances.map((i) => i.url)).catch(async (err) => {
    await Promise.all([...instances.map((i) => i.stop()), stopProcess(worker)]);
    throw err;
  });
  started.process(proxy.close);
  o.log(`two instances and a worker on HAProxy (${proxy.kind} in front of the instances)`);
  const probe = startWriteProbe(cluster.url);
  try {
    const customers = await makeCustomers(cluster.url, o.customers);
    await fund(proxy.url, customers);
    const prefix = `failover${randomBytes(4).toString("hex")}`;
    const outcomes = new Map<string, Outcome>();
    let stopped = false;
    const load = drive({
      url: proxy.url,
      concurrency: o.concurrency,
      // Every 8th operation an exchange: a second kind of money movement through the failovers.
      next: sendMaker(customers, prefix, 8),
      stop: () => stopped,
      outcomes,
      // Longer than any failover here: a send gives up only if the cluster never comes back.
      retryDeadline: 120_000,
    });

    const rounds: Round[] = [];
    const round = async (label: string, kill: (leader: PatroniNode) => Promise<void>, restart: boolean) => {
      await sleep(o.loadSeconds * 1000);
      const old = await until("a leader", cluster.leader, 30_000);
      const killedAt = Date.now();
      o.log(`${label}: ${old.name} is the leader, ${outcomes.size} keys answered so far; killing`);
      await kill(old);
      const next = await until(
        "a new leader",
        async () => {
          const l = await cluster.leader();
          return l && l.name !== old.name ? l : undefined;
        },
        60_000,
      );
      await until(
        "a write through HAProxy",
        async () => ((await writes(cluster.url)) ? true : undefined),
        60_000,
      );
      const secondsWithoutLeader = probe.gapAround(killedAt) / 1000;
      o.log(`${label}: ${next.name} leads; ${secondsWithoutLeader.toFixed(1)} s without a leader`);
      if (restart) old.start();
      const members = await cluster.settled(
        `${old.name} back as a replica`,
        (m) => allUp(m) && m.find((x) => x.name === old.name)?.role !== "leader",
        90_000,
      );
      const back = members.find((x) => x.name === old.name);
      o.log(`${label}: ${old.name} back as ${back?.role}: ${await describe(cluster)}`);
      rounds.push({
        label,
        killed: old.name,
        newLeader: next.name,
        secondsWithoutLeader,
        oldLeaderBack: back,
      });
    };
    await round("round 1 (SIGKILL to the leader's PostgreSQL)", (n) => n.killPostgres(), false);
    await round(
      "round 2 (the leader's machine stopped: Patroni and PostgreSQL)",
      (n) => n.killMachine(),
      true,
    );
    await sleep(o.loadSeconds * 1000);
    stopped = true;
    await load;
    o.log("a job for the worker (it logs 'The reserved transfer was not found.': there is none)");
    const workerTookJob = await workerTakesJob(cluster.url);
    if (!workerTookJob) o.log(`the worker's last warnings and errors:\n${workerLogTail(worker).join("\n")}`);

    const verdict = await verify(cluster.url, prefix, outcomes, customers);
    const all = [...outcomes.values()];
    const requests = all.reduce((s, x) => s + x.attempts, 0);
    const failedAttempts = all.reduce((s, x) => s + x.retries, 0);
    return {
      ...verdict,
      rounds,
      requests,
      failedAttempts,
      retriedKeys: all.filter((x) => x.retries > 0).length,
      answered500: all.filter((x) => x.status === 500).length,
      unavailable: all.reduce((s, x) => s + x.unavailable, 0),
      unavailableWithoutRetryAfter: all.reduce((s, x) => s + x.unavailableWithoutRetryAfter, 0),
      unavailableFromInstance: all.reduce((s, x) => s + x.unavailableFromInstance, 0),
      exchanges: all.filter((x) => x.eurOutMinor > 0n).length,
      workerAlive: isRunning(worker),
      workerTookJob,
    };
  } finally {
    probe.stop();
    await proxy.close();
    await Promise.all(instances.map((i) => i.stop()));
    await stopProcess(worker);
  }
}

/**
 * The worker resumed: a job queued after both failovers is taken within 30 s (done, or tried
 * once). The job releases a reservation that does not exist, which changes nothing.
 */
async function workerTakesJob(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `select id::text from graphile_worker.add_job($1, json_build_object('merchantId', $2::text, 'transferId', $3::text))`,
      [EXPIRE_PENDING_TASK, DEMO_MERCHANT_ID, uuidv7()],
    );
    const id = rows[0]?.id;
    const taken = async () => {
      const job = await client.query<{ attempts: number }>(
        "select attempts from graphile_worker.jobs where id = $1",
        [id],
      );
      return job.rows.length === 0 || (job.rows[0]?.attempts ?? 0) > 0 ? true : undefined;
    };
    const took = await until("the worker to take a job", taken, 30_000).catch(() => false);
    if (!took) {
      // What the worker holds or last failed: a run that fails here says why.
      const jobs = await client.query(
        `select id, task_identifier as task, attempts, locked_at as "lockedAt", left(last_error, 200) as "lastError"
           from graphile_worker.jobs where locked_at is not null or attempts > 0 order by id desc limit 10`,
      );
      console.error(`jobs locked or tried: ${JSON.stringify(jobs.rows)}`);
    }
    return took;
  } finally {
    await client.end();
  }
}

async function describe(cluster: HaCluster) {
  return (await cluster.members())
    .map((m) => `${m.name} ${m.role} (${m.state}, timeline ${m.timeline})`)
    .join(", ");
}

/**
 * A write through HAProxy every 200 ms, each success's time kept: the longest gap around a kill
 * is how long no leader took writes (detection, election, promotion, HAProxy's check).
 */
function startWriteProbe(url: string) {
  const ok: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const at = Date.now();
      if (await writes(url, 1_000)) ok.push(at);
      await sleep(Math.max(0, 200 - (Date.now() - at)));
    }
  })();
  return {
    gapAround(t: number) {
      const before = ok.filter((x) => x <= t).at(-1) ?? t;
      const after = ok.find((x) => x > t) ?? Date.now();
      return after - before;
    },
    stop() {
      running = false;
      return loop;
    },
  };
}
