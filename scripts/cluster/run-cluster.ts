import { randomBytes } from "node:crypto";
import { type ServerProcess, startServerProcess } from "../../apps/server/src/server-process.ts";
import { type Verdict, verify } from "./checks.ts";
import { makeCustomers } from "./customers.ts";
import { drive, type Outcome, sendMaker } from "./load.ts";
import { fund, isRunning, LOAD_ENV, startInstances, startWorkerProcess, stopProcess } from "./processes.ts";
import { type LoadBalancer, startProxy } from "./proxy.ts";

export type ClusterOptions = {
  /** The database the instances share (fresh or not: the start prepares it). */
  databaseUrl: string;
  customers: number;
  concurrency: number;
  /** Seconds of sends measured with two instances, then with one (after the kill). */
  throughputSeconds: number;
  /** Sends of the kill phase; the kill comes after a third of them are answered. */
  killSends: number;
  log: (line: string) => void;
};

export type ClusterFigures = Verdict & {
  proxy: LoadBalancer["kind"];
  startMs: number;
  twoInstancesPerSecond: number;
  oneInstancePerSecond: number;
  retriedKeys: number;
  workerAlive: boolean;
  restart: RestartFigures;
};

/** Instance 1 started again under load after its kill: its start, then sends straight to it. */
export type RestartFigures = {
  /** Why its start failed (its error line is on stderr), or undefined: it came up. */
  failure: string | undefined;
  ms: number;
  /** Sends made through the proxy while it started. */
  sendsMeanwhile: number;
  /** Sends straight to it once up, and how many it answered 200. */
  direct: number;
  directOk: number;
};

/** Sends straight to the restarted instance: it must serve them all. */
const RESTART_DIRECT_SENDS = 20;

/** What is wrong with the restart, if anything (the checks of the figures, as `failures`). */
export function restartFailures(r: RestartFigures): string[] {
  if (r.failure) return [`the killed instance did not start again under load: ${r.failure}`];
  if (r.directOk < r.direct)
    return [`the restarted instance answered ${r.directOk} of ${r.direct} sends 200`];
  return [];
}

/**
 * `npm run test:cluster` (issue 25): two server instances and a worker on one database behind a
 * proxy; sends by phone through it; one instance killed with SIGKILL mid-load, every unanswered
 * send retried with its key and body; the killed one started again under load (issue 46) and
 * sent to; then what the database says of every key.
 */
export async function runCluster(o: ClusterOptions): Promise<ClusterFigures> {
  const started = Date.now();
  const instances = await startInstances(2, o.databaseUrl);
  const startMs = Date.now() - started;
  o.log(`two instances ready in ${startMs} ms (${instances.map((i) => i.url).join(", ")})`);
  const worker = startWorkerProcess(o.databaseUrl);
  const proxy = await startProxy(instances.map((i) => i.url));
  o.log(`proxy: ${proxy.kind} at ${proxy.url}`);
  try {
    const customers = await makeCustomers(o.databaseUrl, o.customers);
    await fund(proxy.url, customers);
    const prefix = `cluster${randomBytes(4).toString("hex")}`;
    const next = sendMaker(customers, prefix);
    const outcomes = new Map<string, Outcome>();
    const retryDeadline = 60_000;

    const measure = async (label: string) => {
      const until = Date.now() + o.throughputSeconds * 1000;
      const began = Date.now();
      const r = await drive({
        url: proxy.url,
        concurrency: o.concurrency,
        next,
        stop: () => Date.now() >= until,
        outcomes,
        retryDeadline,
      });
      const perSecond = r.ok / ((Date.now() - began) / 1000);
      o.log(
        `${label}: ${r.ok} sends answered 200 in ${o.throughputSeconds} s, ${perSecond.toFixed(0)} sends/s`,
      );
      return perSecond;
    };

    // Warm-up (connections, plans, JIT) of half a measurement: its sends are checked with the
    // others, not timed. Without it the first measurement, with two instances, pays for both
    // instances' compilation and reads lower than the one after the kill.
    const warm = Date.now() + Math.max(1, o.throughputSeconds / 2) * 1000;
    await drive({
      url: proxy.url,
      concurrency: o.concurrency,
      next,
      stop: () => Date.now() >= warm,
      outcomes,
      retryDeadline,
    });
    const twoInstancesPerSecond = await measure("two instances");

    // The kill: after a third of the phase's sends are answered, SIGKILL the first instance.
    let killed: Promise<void> | undefined;
    let issued = 0;
    await drive({
      url: proxy.url,
      concurrency: o.concurrency,
      next,
      stop: () => issued++ >= o.killSends,
      outcomes,
      retryDeadline,
      afterEach: (answered) => {
        if (!killed && answered >= o.killSends / 3) {
          o.log(`SIGKILL to instance 1 after ${answered} answers`);
          killed = (instances[0] as ServerProcess).kill();
        }
      },
    });
    await killed;

    const oneInstancePerSecond = await measure("one instance");

    // The restart (a crash recovery, a rolling deploy): instance 1 started again on its port, where
    // the proxy looks for it, while the sends go on through the proxy; once up, sends straight to
    // it. Its start once failed under load (the live SQL deadlocked with the sends).
    const killedUrl = new URL((instances[0] as ServerProcess).url);
    const restartBegan = Date.now();
    let restarted: ServerProcess | Error | undefined;
    const restarting = startServerProcess(o.databaseUrl, LOAD_ENV, Number(killedUrl.port)).then(
      (p) => {
        restarted = p;
      },
      (err: Error) => {
        restarted = err;
      },
    );
    const meanwhile = await drive({
      url: proxy.url,
      concurrency: o.concurrency,
      next,
      stop: () => restarted !== undefined,
      outcomes,
      retryDeadline,
    });
    await restarting;
    const restart: RestartFigures = {
      failure: undefined,
      ms: Date.now() - restartBegan,
      sendsMeanwhile: meanwhile.answered,
      direct: 0,
      directOk: 0,
    };
    if (restarted instanceof Error) restart.failure = restarted.message;
    else if (restarted) {
      instances[0] = restarted;
      o.log(
        `instance 1 started again under load in ${restart.ms} ms (${meanwhile.answered} sends meanwhile)`,
      );
      const direct = await drive({
        url: restarted.url,
        concurrency: 2,
        next,
        stop: (answered) => answered >= RESTART_DIRECT_SENDS,
        outcomes,
        retryDeadline,
      });
      restart.direct = direct.answered;
      restart.directOk = direct.ok;
    }

    const verdict = await verify(o.databaseUrl, prefix, outcomes, customers);
    return {
      ...verdict,
      proxy: proxy.kind,
      startMs,
      twoInstancesPerSecond,
      oneInstancePerSecond,
      retriedKeys: [...outcomes.values()].filter((x) => x.retries > 0).length,
      workerAlive: isRunning(worker),
      restart,
    };
  } finally {
    await proxy.close();
    await Promise.all(instances.map((i) => i.stop()));
    await stopProcess(worker);
  }
}
