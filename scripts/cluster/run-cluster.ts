import { randomBytes } from "node:crypto";
import type { ServerProcess } from "../../apps/server/src/server-process.ts";
import { type Verdict, verify } from "./checks.ts";
import { makeCustomers } from "./customers.ts";
import { drive, type Outcome, sendMaker } from "./load.ts";
import { fund, isRunning, startInstances, startWorkerProcess, stopProcess } from "./processes.ts";
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
};

/**
 * `npm run test:cluster` (issue 25): two server instances and a worker on one database behind a
 * proxy; sends by phone through it; one instance killed with SIGKILL mid-load, every unanswered
 * send retried with its key and body; then what the database says of every key.
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
    const verdict = await verify(o.databaseUrl, prefix, outcomes, customers);
    return {
      ...verdict,
      proxy: proxy.kind,
      startMs,
      twoInstancesPerSecond,
      oneInstancePerSecond,
      retriedKeys: [...outcomes.values()].filter((x) => x.retries > 0).length,
      workerAlive: isRunning(worker),
    };
  } finally {
    await proxy.close();
    await Promise.all(instances.map((i) => i.stop()));
    await stopProcess(worker);
  }
}
