import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CRASH_FUNDS, type CrashPlan, crashOperation, expectedBalances } from "./test-support/crash-load.ts";
import {
  createLedgerTestContext,
  houseBalance,
  type LedgerTestContext,
} from "./test-support/ledger-test-context.ts";

const OPERATIONS = 600;
const CHILD = path.join(import.meta.dirname, "test-support", "crash-load-child.ts");

let t: LedgerTestContext;
beforeAll(async () => {
  t = await createLedgerTestContext({ poolSize: 12 });
});
afterAll(() => t.close());

/** Starts the load in a child process and SIGKILLs it once `killAfter` operations have committed. */
function runAndKill(
  plan: CrashPlan,
  killAfter: number,
): Promise<{ applied: Set<number>; finished: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, t.database.url, JSON.stringify(plan)], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const applied = new Set<number>();
    let finished = false;
    let buffered = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        if (line === "done") finished = true;
        const n = /^applied (\d+)$/.exec(line)?.[1];
        if (n !== undefined) applied.add(Number(n));
      }
      if (applied.size >= killAfter && child.exitCode === null) child.kill("SIGKILL");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (signal === "SIGKILL" || code === 0) resolve({ applied, finished });
      else reject(new Error(`load process failed (${code}): ${stderr}`));
    });
  });
}

describe("crash during a transfer load", () => {
  it("SIGKILL mid-load, retry every request with its key: each operation applied exactly once, audit clean", async () => {
    const accounts = [];
    for (let i = 0; i < 6; i++) accounts.push((await t.openWallet({ funds: CRASH_FUNDS })).id);
    const plan: CrashPlan = {
      merchantId: t.merchantId,
      accounts,
      operations: OPERATIONS,
      seed: Date.now() % 100_000,
    };
    const feesBefore = (await houseBalance(t, "fee_income")).balance;

    const { applied, finished } = await runAndKill(plan, OPERATIONS / 3);
    expect(finished, "the load must be killed before it finishes").toBe(false);
    expect(applied.size).toBeGreaterThanOrEqual(OPERATIONS / 3);

    // The killed process's open transactions were rolled back by PostgreSQL; now the "clients"
    // retry every request of the plan with its key, as a client that lost its answers would.
    let replayed = 0;
    for (let i = 0; i < OPERATIONS; i++) {
      const outcome = await t.ledger.applyOperation(crashOperation(plan, i));
      if (outcome.replayed) replayed++;
      if (applied.has(i)) expect(outcome.replayed, `operation ${i} was committed before the kill`).toBe(true);
    }
    expect(replayed).toBeGreaterThanOrEqual(applied.size);

    const { rows } = await t.database.pool.query<{ key: string; n: string }>(
      `select idempotency_key as key, count(*) as n from ledger_operations
       where idempotency_key like 'test:crash:%' group by idempotency_key`,
    );
    expect(rows).toHaveLength(OPERATIONS);
    expect(rows.every((r) => r.n === "1")).toBe(true);
    const expected = expectedBalances(plan);
    for (const id of accounts) {
      expect((await t.ledger.getAccount({ merchantId: t.merchantId, accountId: id })).balance).toBe(
        expected.get(id),
      );
    }
    const fees = (await houseBalance(t, "fee_income")).balance - feesBefore;
    const total = [...expected.values()].reduce((a, b) => a + b, 0n);
    expect(total + fees).toBe(CRASH_FUNDS * BigInt(accounts.length));
    await t.expectInvariants();
  }, 60_000);
});
