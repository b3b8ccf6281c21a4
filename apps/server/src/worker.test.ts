import pino from "pino";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { createTestDatabase, type TestDatabase } from "./db/test-database.ts";
import { EXPIRE_PENDING_TASK } from "./jobs/expire-pending-transfers.ts";
import { DEMO_MERCHANT_ID } from "./modules/merchants/merchants.seed.ts";
import { startWorker, type Worker } from "./worker.ts";

// The CI run of 9a3e160: after two failovers the worker process was alive but took no job.
// graphile-worker ends its runner by itself on some failures and leaves the process running;
// now such an end is logged and the runner started again. The end is provoked here through one
// of graphile-worker's own paths: its notice of a breaking schema change, which stops the pool
// (a real newer schema then refuses the new start, and the process exits 1 instead of idling).
let db: TestDatabase;
let worker: Worker | undefined;
const lines: string[] = [];
beforeAll(async () => {
  db = await createTestDatabase();
  const log = pino({ level: "warn" }, { write: (line: string) => void lines.push(line) });
  worker = await startWorker(db.pool, log, loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }));
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await db?.drop();
  // graphile-worker sets this when it reads the notice; the test process must not exit with it.
  process.exitCode = undefined;
});

/** A job that releases a reservation that does not exist (changes nothing): taken, or not, in 15 s. */
async function jobTaken(): Promise<boolean> {
  const { rows } = await db.pool.query<{ id: string }>(
    `select id::text from graphile_worker.add_job($1, json_build_object('merchantId', $2::text, 'transferId', $3::text))`,
    [EXPIRE_PENDING_TASK, DEMO_MERCHANT_ID, uuidv7()],
  );
  const end = Date.now() + 15_000;
  while (Date.now() < end) {
    const job = await db.pool.query<{ attempts: number }>(
      "select attempts from graphile_worker.jobs where id = $1",
      [rows[0]?.id],
    );
    if (job.rows.length === 0 || (job.rows[0]?.attempts ?? 0) > 0) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe("the worker keeps taking jobs", () => {
  it("after graphile-worker stopped its runner by itself: started again, and says so", async () => {
    expect(await jobTaken()).toBe(true);
    await db.pool.query(`select pg_notify('worker:migrate', '{"migrationNumber": 999, "breaking": true}')`);
    const end = Date.now() + 15_000;
    while (!lines.some((l) => l.includes("stopped by itself")) && Date.now() < end)
      await new Promise((r) => setTimeout(r, 100));
    expect(lines.some((l) => l.includes("the job runner stopped by itself; starting it again"))).toBe(true);
    expect(await jobTaken()).toBe(true);
  }, 60_000);
});
