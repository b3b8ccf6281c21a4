import { afterEach, describe, expect, it } from "vitest";
import { checkInvariants } from "./ledger.invariants.ts";
import { createLedgerTestContext, type LedgerTestContext } from "./test-support/ledger-test-context.ts";

// The audit must see what the write path could never leave: each case breaks a sound ledger
// behind the write path's back (triggers and foreign keys off for the one statement, as a bad
// manual fix would) and names the invariants that must then fail.

let ctx: LedgerTestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

async function brokenAfter(tamper: string, values: unknown[]): Promise<string[]> {
  ctx = await createLedgerTestContext();
  const wallet = await ctx.openWallet({ funds: 500n });
  await ctx.expectInvariants();
  const client = await ctx.database.pool.connect();
  try {
    await client.query("begin");
    await client.query("set local session_replication_role = replica");
    await client.query(tamper, [wallet.id, ...values]);
    await client.query("commit");
    return (await checkInvariants(client)).filter((v) => v.violations.length > 0).map((v) => v.name);
  } finally {
    client.release();
  }
}

describe("the ledger audit", () => {
  it("finds an account whose counter moved without a transfer", async () => {
    expect(
      await brokenAfter("update ledger_accounts set credits_posted = credits_posted + 1 where id = $1", []),
    ).toEqual([
      "each currency's ledger sums to zero",
      "each account's counters equal the sum of its transfers",
      "each account's entries form a gap-free chain ending at its counters",
    ]);
  });

  it("finds an entry missing from an account's chain", async () => {
    expect(await brokenAfter("delete from ledger_entries where account_id = $1", [])).toEqual([
      "each account's entries form a gap-free chain ending at its counters",
    ]);
  });

  it("finds a completed operation without its stored response", async () => {
    const broken = await brokenAfter(
      `update ledger_operations set response = null
       where id = (select operation_id from ledger_transfers where credit_account_id = $1 limit 1)`,
      [],
    );
    expect(broken).toEqual(["a failed leg leaves no trace of any leg"]);
  });
});
