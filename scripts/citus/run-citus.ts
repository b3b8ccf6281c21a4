import { randomBytes } from "node:crypto";
import { openDatabase } from "../../apps/server/src/db/database.ts";
import { prepareDatabase } from "../../apps/server/src/db/prepare.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../../apps/server/src/modules/merchants/index.ts";
import { type Verdict, verify } from "../cluster/checks.ts";
import { makeCustomers } from "../cluster/customers.ts";
import { drive, type Outcome, sendMaker } from "../cluster/load.ts";
import { fund, isRunning, startInstances, startWorkerProcess, stopProcess } from "../cluster/processes.ts";
import { startProxy } from "../cluster/proxy.ts";
import { sleep } from "../failover/services.ts";
import { type CitusCluster, sql, startCitusCluster } from "./cluster.ts";
import { APP_NAME, runJourneys } from "./journeys.ts";
import { allowance, type MultiTask, watchMultiTask } from "./multi-task-log.ts";
import { type Placement, placements, separateMerchants } from "./placement.ts";
import { multiShardStatements, resetStatements } from "./statements.ts";

export type CitusOptions = {
  /** An empty folder the database user may write: the nodes' data and logs. */
  dir: string;
  customersPerMerchant: number;
  concurrency: number;
  /** Seconds of sends before the third worker comes, and after the rebalance ends. */
  loadSeconds: number;
  log: (line: string) => void;
};

export type CitusFigures = Verdict & {
  distributed: string[];
  waiting: Array<{ table: string; why: string }>;
  reference: number;
  before: Placement[];
  after: Placement[];
  rebalanceSeconds: number;
  sendsDuringRebalance: number;
  workerAlive: boolean;
  multiShard: Array<{ calls: number; query: string }>;
  journeys: Journeys;
};

type Journeys = {
  seconds: number;
  /** Steps that failed, as "merchant: step: why". */
  failed: string[];
  /** What Citus ran on more than one shard during the journeys; `why` when allowed. */
  multiTask: Array<MultiTask & { request: boolean; why?: string }>;
};

const MERCHANTS = [
  { id: DEMO_MERCHANT_ID, name: "demo" },
  { id: NIMBUS_MERCHANT_ID, name: "nimbus" },
];

/**
 * `npm run test:citus` (issue 39, docs/scaling.md): a coordinator and two workers; the product's
 * start (migrations, live SQL, seed, tables placed) on the coordinator; two instances and a
 * worker on it; sends and exchanges by customers of both seeded merchants; a third worker added
 * and the shards rebalanced while the sends run; then what the database says of every key.
 */
export async function runCitus(
  o: CitusOptions,
  started: { cluster: (c: CitusCluster) => void; process: (stop: () => Promise<void>) => void },
): Promise<CitusFigures> {
  const began = Date.now();
  const cluster = await startCitusCluster(o.dir, 2);
  started.cluster(cluster);
  o.log(`coordinator and two workers up in ${seconds(began)} s`);

  const prepared = Date.now();
  const database = openDatabase(cluster.url, { max: 2 });
  let waiting: Array<{ table: string; why: string }> = [];
  let placed: Array<{ name: string; type: string }>;
  try {
    // The start's own log line names the tables left waiting.
    await prepareDatabase(database, {
      info: (details) => {
        waiting = (details as { waiting?: typeof waiting }).waiting ?? waiting;
      },
    });
    placed = (
      await database.pool.query<{ name: string; type: string }>(
        "select table_name::text as name, citus_table_type as type from citus_tables order by 1",
      )
    ).rows;
  } finally {
    await database.close();
  }
  const distribution = {
    reference: placed.filter((r) => r.type === "reference").map((r) => r.name),
    distributed: placed.filter((r) => r.type === "distributed").map((r) => r.name),
    waiting,
  };
  o.log(
    `migrations, live SQL and seed on the coordinator in ${seconds(prepared)} s: ${distribution.reference.length} reference tables, ${distribution.distributed.length} distributed by merchant_id, ${distribution.waiting.length} waiting (plain tables on the coordinator)`,
  );
  o.log(`distributed: ${distribution.distributed.join(", ")}`);
  const moved = await separateMerchants(cluster, MERCHANTS);
  if (moved) o.log(moved);
  const before = await placements(cluster, MERCHANTS);
  for (const p of before) o.log(`before: ${p.merchant}'s shards (${p.shards} shards) on ${p.node}`);
  // Before any instance or worker starts: the drivers run the sandbox providers' jobs themselves.
  const journeys = await journeysOnCluster(cluster, o.log);

  const instances = await startInstances(2, cluster.url);
  for (const i of instances) started.process(i.stop);
  const worker = startWorkerProcess(cluster.url);
  started.process(() => stopProcess(worker, "SIGKILL"));
  const proxy = await startProxy(instances.map((i) => i.url));
  started.process(proxy.close);
  o.log(`two instances and a worker on the coordinator (${proxy.kind} in front of the instances)`);
  try {
    const customers = (
      await Promise.all(MERCHANTS.map((m) => makeCustomers(cluster.url, o.customersPerMerchant, m.id)))
    ).flat();
    await fund(proxy.url, customers);
    await resetStatements(cluster);
    const prefix = `citus${randomBytes(4).toString("hex")}`;
    const outcomes = new Map<string, Outcome>();
    let stopped = false;
    const load = drive({
      url: proxy.url,
      concurrency: o.concurrency,
      // Every 6th operation an exchange: a second money movement beside the sends by phone.
      next: sendMaker(customers, prefix, 6),
      stop: () => stopped,
      outcomes,
      retryDeadline: 60_000,
    });
    await sleep(o.loadSeconds * 1000);
    const beforeRebalance = outcomes.size;
    const rebalanceStart = Date.now();
    const third = await cluster.addWorker();
    o.log(`third worker (port ${third.port}) added after ${beforeRebalance} answers; citus_rebalance_start`);
    await rebalance(cluster);
    const rebalanceSeconds = (Date.now() - rebalanceStart) / 1000;
    const sendsDuringRebalance = outcomes.size - beforeRebalance;
    o.log(`rebalanced in ${rebalanceSeconds.toFixed(1)} s, ${sendsDuringRebalance} answers meanwhile`);
    await sleep(o.loadSeconds * 1000);
    stopped = true;
    await load;
    const after = await placements(cluster, MERCHANTS);
    const verdict = await verify(cluster.url, prefix, outcomes, customers);
    return {
      ...verdict,
      distributed: distribution.distributed,
      waiting: distribution.waiting,
      reference: distribution.reference.length,
      before,
      after,
      rebalanceSeconds,
      sendsDuringRebalance,
      workerAlive: isRunning(worker),
      multiShard: await multiShardStatements(cluster),
      journeys,
    };
  } finally {
    await proxy.close();
    await Promise.all(instances.map((i) => i.stop()));
    await stopProcess(worker);
  }
}

/**
 * Every domain's money path for a customer of each merchant (journeys.ts), with what Citus ran on
 * more than one shard meanwhile, read from the coordinator's log (multi-task-log.ts).
 */
async function journeysOnCluster(cluster: CitusCluster, log: (line: string) => void): Promise<Journeys> {
  const began = Date.now();
  const watch = await watchMultiTask(cluster);
  let failed: string[];
  let logged: MultiTask[];
  try {
    failed = await runJourneys(cluster.url, MERCHANTS, log, watch.mark);
  } finally {
    logged = await watch.stop();
  }
  const seconds = (Date.now() - began) / 1000;
  log(`journeys of both merchants in ${seconds.toFixed(1)} s, ${failed.length} failed steps`);
  const multiTask = logged.map((m) => {
    const why = allowance(m.statement);
    return { ...m, request: m.app === APP_NAME, ...(why ? { why } : {}) };
  });
  return { seconds, failed, multiTask };
}

/** citus_rebalance_start, then its background job followed until it ends (it fails the run if it fails). */
async function rebalance(cluster: CitusCluster) {
  await sql(cluster.url, "select citus_rebalance_start()");
  await sql(cluster.url, "select citus_rebalance_wait()");
  const [status] = await sql<{ state: string }>(
    cluster.url,
    "select state::text from citus_rebalance_status()",
  );
  if (status && status.state !== "finished") throw new Error(`the rebalance ended ${status.state}`);
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
