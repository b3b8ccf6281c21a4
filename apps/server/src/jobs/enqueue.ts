import type { Json } from "../db/json.ts";
import type { Tx } from "../db/transaction.ts";

/**
 * A job for the worker. `runAt`: when; `runAfterSeconds`: that long after the transaction's
 * time (`now` of enqueueJobs, else the database's now()); neither: at once.
 */
export type FollowUpJob = {
  task: string;
  payload: Json;
  runAt?: Date;
  runAfterSeconds?: number;
  jobKey?: string;
};

/**
 * Enqueues jobs in the caller's transaction, so they exist only if it commits (graphile-worker's
 * queue, in the same database). One statement for all of them; none: no statement.
 */
export async function enqueueJobs(tx: Tx, jobs: FollowUpJob[], now?: Date): Promise<void> {
  if (jobs.length === 0) return;
  const rows = jobs.map((j) => ({ ...j, runAt: j.runAt?.toISOString() }));
  await tx.query({
    name: "jobs_enqueue",
    text: `select graphile_worker.add_job(j ->> 'task', (j -> 'payload')::json,
             run_at := coalesce((j ->> 'runAt')::timestamptz,
                                coalesce($2::timestamptz, now()) + make_interval(secs => (j ->> 'runAfterSeconds')::float8)),
             job_key := j ->> 'jobKey')
           from jsonb_array_elements($1::jsonb) as j`,
    values: [JSON.stringify(rows), now ?? null],
  });
}
