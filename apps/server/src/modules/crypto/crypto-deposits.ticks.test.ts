import { Logger, type Runner, run } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientSourceFromPool } from "../../db/transaction.ts";
import type { ChainNotification, DeliverNotification } from "../../providers/chain/chain-notification.ts";
import { SANDBOX_CHAIN_TICK_TASK } from "../../providers/chain/chain-provider.ts";
import { createSandboxChain } from "../../providers/chain/sandbox-chain.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { cryptoDriver } from "./crypto.test-helpers.ts";

// The chain's ticks under the real worker (several at once, as in production), not one by one as
// cryptoDriver.runChainJobs runs them: the browser test's "deposit, then move the clock at once".

let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
beforeAll(async () => {
  // An hour per confirmation, as in the browser tests: only "move the clock" confirms anything.
  t = await createTestApp({ CHAIN_CONFIRMATION_SECONDS: "3600" });
  d = cryptoDriver(t);
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the chain's ticks on a worker of four until stopped, delivering through `deliver`. */
function chainWorker(deliver: DeliverNotification): Promise<Runner> {
  const chain = createSandboxChain({
    db: clientSourceFromPool(t.database.pool),
    secondsPerConfirmation: t.config.chainConfirmationSeconds,
    callbackSecret: t.config.secrets.callback,
  });
  return run({
    pgPool: t.database.pool,
    concurrency: 4,
    noHandleSignals: true,
    pollInterval: 100,
    logger: new Logger(() => () => {}),
    taskList: {
      [SANDBOX_CHAIN_TICK_TASK]: async (payload) => {
        await chain.tick((payload as { txHash: string }).txHash, deliver);
      },
    },
  });
}

describe("a deposit whose clock is moved while its first tick runs", () => {
  it("runs its ticks one at a time, keeps the retry of a failed one, and credits it once", async () => {
    const customer = await d.unverified();
    const address = (await d.wallet(customer.token, "BTC")).address;
    const { txHash, requiredConfirmations } = (await d.deposit(address, "BTC", "0.03")).json();

    let inFlight = 0;
    let overlapped = false;
    let moved = false;
    let blipped = false;
    let confirmedTried = () => {};
    const confirmedSeen = new Promise<void>((resolve) => {
      confirmedTried = resolve;
    });
    const runner = await chainWorker(async (body, signature) => {
      if (inFlight > 0) overlapped = true;
      inFlight++;
      try {
        const n = JSON.parse(body) as ChainNotification;
        if (n.status === "PENDING" && !moved) {
          // The console moves the clock while the first tick is telling the server "0 of 2";
          // a tick of the new state may not start before this one is done (it would race it).
          moved = true;
          await d.advance(txHash, requiredConfirmations);
          await Promise.race([confirmedSeen, sleep(500)]);
        }
        if (n.status === "CONFIRMED" && !blipped) {
          // The server is briefly unavailable for the confirming tick: the worker must retry it.
          blipped = true;
          confirmedTried();
          return { status: 503 };
        }
        return await d.deliver(body, signature);
      } finally {
        inFlight--;
      }
    });
    try {
      // The retry comes after graphile-worker's first back-off (e^1 s); an hour means it was lost.
      const deadline = Date.now() + 15_000;
      let status = "";
      while (Date.now() < deadline) {
        const ops = (await d.history(customer.token)).json().operations;
        status = ops.find((o: { type: string }) => o.type === "RECEIVE_CRYPTO")?.status ?? "";
        if (status === "COMPLETED") break;
        await sleep(200);
      }
      expect(status).toBe("COMPLETED");
      expect(blipped).toBe(true);
      expect(overlapped).toBe(false);
      expect((await d.wallet(customer.token, "BTC")).balance).toBe("0.03000000");
      const ops = await t.database.pool.query("select 1 from ledger_operations where idempotency_key = $1", [
        `chain:deposit:bitcoin:${txHash}:0`,
      ]);
      expect(ops.rowCount).toBe(1);
    } finally {
      await runner.stop();
    }
    await d.expectInvariants();
  }, 30_000);
});
