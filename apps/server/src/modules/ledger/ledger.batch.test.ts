import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Account, ApplyOperationInput, OperationOutcome } from "./ledger.types.ts";
import { createLedgerTestContext, type LedgerTestContext } from "./test-support/ledger-test-context.ts";

// The write batcher (operation-batcher.ts, migration 0015): one-statement operations that arrive
// while one is in flight go together in the next statement, each applied or refused on its own.

let t: LedgerTestContext;
let batches: number[] = [];
let alice: Account;
let bob: Account;

beforeAll(async () => {
  t = await createLedgerTestContext({ onBatch: (size) => batches.push(size) });
  await t.database.pool.query(`create table batch_probe (note text primary key);
    create function batch_probe_alongside(p jsonb) returns void language sql as
      $$ insert into batch_probe (note) values (p->>'note') $$;`);
  alice = await t.openWallet({ funds: 10_000n });
  bob = await t.openWallet();
});
afterAll(() => t.close());
beforeEach(() => {
  batches = [];
});

const transfer = (
  idempotencyKey: string,
  amount: bigint,
  extra: Partial<ApplyOperationInput> & { from?: string; to?: string } = {},
) => {
  const { from = alice.id, to = bob.id, ...rest } = extra;
  return t.ledger.applyOperation({
    merchantId: t.merchantId,
    idempotencyKey,
    requestHash: `h:${amount}`,
    kind: "test_batch",
    legs: [{ debit: { accountId: from }, credit: { accountId: to }, amount, currency: "EUR" }],
    response: { key: idempotencyKey },
    ...rest,
  } as ApplyOperationInput);
};
const settle = (calls: Array<Promise<OperationOutcome>>) => Promise.allSettled(calls);
const balance = async (a: Account) =>
  (await t.ledger.getAccount({ merchantId: t.merchantId, accountId: a.id })).balance;
const operationCount = async (keys: string[]) =>
  Number(
    (
      await t.database.pool.query<{ n: string }>(
        "select count(*) as n from ledger_operations where idempotency_key = any($1)",
        [keys],
      )
    ).rows[0]?.n,
  );

describe("the ledger's write batcher", () => {
  it("sends an operation alone at once, and those that arrive meanwhile together, each with its own answer", async () => {
    const before = await balance(bob);
    const keys = Array.from({ length: 20 }, (_, i) => `b1:${i}`);
    const outcomes = await Promise.all(keys.map((k) => transfer(k, 10n)));
    expect(batches[0]).toBe(1); // nothing was in flight: no waiting
    expect(Math.max(...batches)).toBeGreaterThan(1);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(20);
    expect(outcomes.map((o) => o.response)).toEqual(keys.map((key) => ({ key })));
    expect(outcomes.every((o) => !o.replayed)).toBe(true);
    expect(await balance(bob)).toBe(before + 200n);
    await t.expectInvariants();
  });

  it("refuses one operation of a batch with its own typed error and no trace, and applies the others", async () => {
    const before = await balance(bob);
    const stranger = "0193a9e0-0000-7000-8000-00000000beef";
    const results = await settle([
      transfer("b2:first", 1n), // goes alone; the rest queue behind it
      transfer("b2:ok-1", 5n),
      transfer("b2:too-much", 1_000_000n),
      transfer("b2:unknown", 5n, { to: stranger }),
      transfer("b2:ok-2", 5n),
    ]);
    expect(batches).toEqual([1, 4]);
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
      "fulfilled",
    ]);
    expect(results[2]).toMatchObject({ reason: { code: "INSUFFICIENT_FUNDS", data: { leg: 0 } } });
    expect(results[3]).toMatchObject({ reason: { code: "ACCOUNT_NOT_FOUND" } });
    expect(await operationCount(["b2:too-much", "b2:unknown"])).toBe(0);
    expect(await balance(bob)).toBe(before + 11n);
    // A refused key stays free: the corrected request goes through.
    await transfer("b2:too-much", 7n);
    expect(await balance(bob)).toBe(before + 18n);
    await t.expectInvariants();
  });

  it("applies a key once in a batch: the same request again replays, another request is refused", async () => {
    const results = await settle([
      transfer("b3:first", 1n),
      transfer("b3:same", 3n),
      transfer("b3:same", 3n),
      transfer("b3:same", 4n), // another request hash under the same key
    ]);
    expect(batches).toEqual([1, 3]);
    const [, first, again, other] = results;
    expect(first).toMatchObject({ status: "fulfilled", value: { replayed: false } });
    expect(again).toMatchObject({ status: "fulfilled", value: { replayed: true } });
    if (first?.status === "fulfilled" && again?.status === "fulfilled") {
      expect(again.value.operationId).toBe(first.value.operationId);
      expect(again.value.response).toEqual(first.value.response);
    }
    expect(other).toMatchObject({ status: "rejected", reason: { code: "IDEMPOTENCY_MISMATCH" } });
    expect(await operationCount(["b3:same"])).toBe(1);
    await t.expectInvariants();
  });

  it("sends an operation with a house account on its own: its shard is picked in the statement", async () => {
    const fees = await Promise.all([
      transfer("b5:first", 1n),
      transfer("b5:fee", 2n, {
        legs: [
          { debit: { accountId: alice.id }, credit: { house: "fee_income" }, amount: 2n, currency: "EUR" },
        ],
      }),
      transfer("b5:next", 3n),
    ]);
    expect(fees.every((o) => !o.replayed)).toBe(true);
    expect(batches).toEqual([1, 1]); // the fee went beside the batcher, not through it
    await t.expectInvariants();
  });

  it("undoes only the operation whose companion raises, legs included", async () => {
    const before = await balance(bob);
    const withNote = (key: string, note: string) =>
      transfer(key, 100n, { companions: [{ fn: "batch_probe_alongside", args: { note } }] });
    await withNote("b4:seed", "taken");
    batches = [];
    const results = await settle([
      transfer("b4:first", 1n),
      withNote("b4:dup", "taken"), // the probe's primary key refuses a second "taken"
      withNote("b4:fresh", "fresh"),
    ]);
    expect(batches).toEqual([1, 2]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const notes = await t.database.pool.query<{ note: string }>("select note from batch_probe order by note");
    expect(notes.rows.map((r) => r.note)).toEqual(["fresh", "taken"]);
    expect(await operationCount(["b4:dup"])).toBe(0);
    expect(await balance(bob)).toBe(before + 100n + 1n + 100n);
    await t.expectInvariants();
  });
});
