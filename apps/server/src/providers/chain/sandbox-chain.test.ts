import { Logger, runOnce } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../db/test-database.ts";
import { clientSourceFromPool } from "../../db/transaction.ts";
import type { DeliverNotification } from "./chain-notification.ts";
import { SANDBOX_CHAIN_TICK_TASK } from "./chain-provider.ts";
import { createSandboxChain } from "./sandbox-chain.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** When the transaction's next tick is queued to run. */
async function nextTickAt(txHash: string): Promise<Date> {
  const { rows } = await database.pool.query<{ run_at: Date }>(
    "select run_at from graphile_worker.jobs where key = $1",
    [`chain_tick:${txHash}`],
  );
  expect(rows).toHaveLength(1);
  return rows[0]?.run_at ?? new Date(0);
}

/** The due ticks run as the worker runs them (the job locked while it runs), told to `deliver`. */
async function runDueTicks(sandbox: ReturnType<typeof createSandboxChain>, deliver: DeliverNotification) {
  const statuses: string[] = [];
  await runOnce({
    pgPool: database.pool,
    logger: new Logger(() => () => {}),
    taskList: {
      [SANDBOX_CHAIN_TICK_TASK]: async (payload) => {
        statuses.push(await sandbox.tick((payload as { txHash: string }).txHash, deliver));
      },
    },
  });
  return statuses;
}
const accepted: DeliverNotification = async () => ({ status: 200 });

describe("the sandbox chain's clock", () => {
  // An hour per confirmation, as in the browser tests: only "move the clock" confirms anything.
  const chain = () =>
    createSandboxChain({
      db: clientSourceFromPool(database.pool),
      secondsPerConfirmation: 3600,
      callbackSecret: "test-secret",
    });

  it("keeps a clock moved on while a tick was telling the server, instead of the old schedule", async () => {
    const sandbox = chain();
    const tx = await sandbox.receiveTestDeposit({ currency: "BTC", address: "bc1qtest", amount: 1000n });
    // The first tick is delivering "0 confirmations" when the console moves the clock on.
    let moved = false;
    const statuses = await runDueTicks(sandbox, async () => {
      if (!moved) await sandbox.advance(tx.txHash, tx.requiredConfirmations);
      moved = true;
      return { status: 200 };
    });
    // The tick the console queued ran right after, in the same pass, and found it confirmed.
    expect(statuses).toEqual(["PENDING", "CONFIRMED"]);
  });

  it("plans the next tick a confirmation's time ahead when nothing moves the clock", async () => {
    const sandbox = chain();
    const tx = await sandbox.receiveTestDeposit({ currency: "BTC", address: "bc1qtest", amount: 2000n });
    expect(await runDueTicks(sandbox, accepted)).toEqual(["PENDING"]);
    const planned = (await nextTickAt(tx.txHash)).getTime();
    expect(planned).toBeGreaterThan(Date.now() + 3000 * 1000);
  });
});
