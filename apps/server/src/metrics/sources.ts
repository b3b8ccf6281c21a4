import type pg from "pg";
import { Gauge } from "prom-client";
import { AppError } from "../http/app-error.ts";
import { providerCalls, registry } from "./registry.ts";

const pools = new Set<pg.Pool>();
new Gauge({
  name: "kestrel_db_pool_connections",
  help: "The process's database pool: total and idle connections, requests waiting for one.",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    const sum = (count: (p: pg.Pool) => number) => [...pools].reduce((n, p) => n + count(p), 0);
    this.set(
      { state: "total" },
      sum((p) => p.totalCount),
    );
    this.set(
      { state: "idle" },
      sum((p) => p.idleCount),
    );
    this.set(
      { state: "waiting" },
      sum((p) => p.waitingCount),
    );
  },
});

/** The pool's connections, read at each scrape (the server and an in-process worker share one). */
export function watchPool(pool: pg.Pool) {
  pools.add(pool);
}

type Queue = { due: string; oldest: number | null; failed: string };
let queuePool: pg.Pool | undefined;
let reading: Promise<Queue | undefined> | undefined;

// Jobs due and not taken, the oldest one's wait, and jobs out of attempts: one query per scrape,
// shared by the three gauges.
const QUEUE_SQL = `
  select count(*) filter (where due) as due,
         coalesce(extract(epoch from now() - min(run_at) filter (where due)), 0)::float8 as oldest,
         count(*) filter (where attempts >= max_attempts) as failed
    from (select run_at, attempts, max_attempts,
                 locked_at is null and attempts < max_attempts and run_at <= now() as due
            from graphile_worker.jobs) j`;

function readQueue(): Promise<Queue | undefined> {
  const pool = queuePool;
  if (!pool) return Promise.resolve(undefined);
  reading ??= pool
    .query<Queue>(QUEUE_SQL)
    .then(
      (r) => r.rows[0],
      () => undefined,
    )
    .finally(() => setTimeout(() => (reading = undefined), 100).unref());
  return reading;
}

function queueGauge(name: string, help: string, pick: (q: Queue) => number) {
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      const q = await readQueue();
      if (q) this.set(pick(q));
    },
  });
}
queueGauge("kestrel_jobs_due", "Jobs due and not yet taken by a worker.", (q) => Number(q.due));
queueGauge(
  "kestrel_jobs_oldest_due_age_seconds",
  "How long the oldest due job has waited (0: none).",
  (q) => q.oldest ?? 0,
);
queueGauge("kestrel_jobs_failed", "Jobs that used up their attempts (never run again on their own).", (q) =>
  Number(q.failed),
);

/** The job queue (graphile-worker's jobs table), read at each scrape through `pool`. */
export function watchJobQueue(pool: pg.Pool) {
  queuePool = pool;
}

/** A refusal of the caller's input (4xx) is the party answering, not failing. */
const outcomeOf = (err: unknown) => (err instanceof AppError && err.status < 500 ? "refused" : "failed");

/**
 * The party with each of its calls timed by call and outcome; its other properties as they are.
 * A call that answers at once (no promise) is left as it is: it does not reach the party.
 */
export function measureParty<T extends object>(party: string, impl: T): T {
  const measured: Record<string, unknown> = { ...(impl as Record<string, unknown>) };
  for (const [call, value] of Object.entries(impl)) {
    if (typeof value !== "function") continue;
    measured[call] = (...args: unknown[]) => {
      const end = providerCalls.startTimer({ party, call });
      const result: unknown = value.apply(impl, args);
      if (!(result instanceof Promise)) return result;
      return result.then(
        (answer) => {
          end({ outcome: "ok" });
          return answer;
        },
        (err: unknown) => {
          end({ outcome: outcomeOf(err) });
          throw err;
        },
      );
    };
  }
  return measured as T;
}
