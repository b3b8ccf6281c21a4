import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Account, ApplyOperationInput } from "./ledger.types.ts";
import { createLedgerTestContext, type LedgerTestContext } from "./test-support/ledger-test-context.ts";

let t: LedgerTestContext;
let alice: Account;
let bob: Account;

const probes = async () =>
  (await t.database.pool.query<{ note: string }>("select note from alongside_probe order by note")).rows.map(
    (r) => r.note,
  );
const balance = async (a: Account) =>
  (await t.ledger.getAccount({ merchantId: t.merchantId, accountId: a.id })).balance;

const send = (idempotencyKey: string, note: string, extra: Partial<ApplyOperationInput> = {}) =>
  t.ledger.applyOperation({
    merchantId: t.merchantId,
    idempotencyKey,
    requestHash: "h",
    kind: "test_alongside",
    legs: [{ debit: { accountId: alice.id }, credit: { accountId: bob.id }, amount: 100n, currency: "EUR" }],
    response: { note },
    alongside: async (c) => {
      await c.query("insert into alongside_probe (note) values ($1)", [note]);
    },
    ...extra,
  } as ApplyOperationInput);

beforeAll(async () => {
  t = await createLedgerTestContext();
  await t.database.pool.query(`create table alongside_probe (note text primary key);
    create function probe_alongside(p jsonb) returns void language sql as
      $$ insert into alongside_probe (note) values (p->>'note') $$;
    create function probe_not_a_companion(p jsonb) returns void language sql as $$ select $$;
    create table guard_probe (open boolean not null);
    insert into guard_probe values (true);
    create function guard_alongside(p jsonb) returns void language plpgsql as $$
    begin
      if not (select open from guard_probe) then
        raise exception using errcode = 'GD001', message = 'closed';
      end if;
      insert into alongside_probe (note) values ('guard saw ' || (p->>'note')
        || case when exists (select 1 from alongside_probe where note = p->>'note') then ' after' else ' before' end);
    end $$;`);
  alice = await t.openWallet({ funds: 1_000n });
  bob = await t.openWallet();
});
afterAll(() => t.close());

describe("a caller's writes alongside an operation", () => {
  it("commit with the operation, once: a replay neither moves money nor writes again", async () => {
    const first = await send("k1", "one");
    const again = await send("k1", "one");
    expect(again).toEqual({ ...first, replayed: true });
    expect(await probes()).toEqual(["one"]);
    expect(await balance(bob)).toBe(100n);
  });

  it("undo the whole operation when they fail, leaving the key free for a retry", async () => {
    const failing = send("k2", "one"); // the probe's primary key refuses a second "one"
    await expect(failing).rejects.toThrow();
    expect(await balance(bob)).toBe(100n);
    await send("k2", "two");
    expect(await probes()).toEqual(["one", "two"]);
    expect(await balance(bob)).toBe(200n);
  });

  it("run with a response built from the result too, and not when a leg is refused", async () => {
    await send("k3", "three", { response: undefined, buildResponse: (r) => ({ id: r.operationId }) });
    const tooMuch = send("k4", "four", {
      legs: [
        { debit: { accountId: alice.id }, credit: { accountId: bob.id }, amount: 10_000n, currency: "EUR" },
      ],
    });
    await expect(tooMuch).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(await probes()).toEqual(["one", "three", "two"]);
    await t.expectInvariants();
  });
  it("refuse with the caller's own error without costing the pool a connection", async () => {
    const { pool } = t.database;
    await send("k5", "five"); // a connection of the pool is warm
    const before = pool.totalCount;
    const refusal = new Error("refused by the caller");
    const refused = send("k6", "six", {
      alongside: async () => {
        throw refusal;
      },
    });
    await expect(refused).rejects.toBe(refusal);
    expect(pool.totalCount).toBe(before);
    expect(await probes()).not.toContain("six");
  });
});

describe("companion writes in the operation's own statement", () => {
  const withCompanion = (idempotencyKey: string, note: string, fn = "probe_alongside") =>
    send(idempotencyKey, note, { alongside: undefined, companions: [{ fn, args: { note } }] });

  it("commit with the legs once: a replay neither moves money nor calls them again", async () => {
    const before = await balance(bob);
    const first = await withCompanion("c1", "c-one");
    expect(await withCompanion("c1", "c-one")).toEqual({ ...first, replayed: true });
    expect(await probes()).toContain("c-one");
    expect(await balance(bob)).toBe(before + 100n);
  });

  it("undo the legs when one raises, and refuse a function that is not a companion", async () => {
    const before = await balance(bob);
    await expect(withCompanion("c2", "c-one")).rejects.toThrow(); // the probe refuses a second "c-one"
    await expect(withCompanion("c3", "c-three", "probe_not_a_companion")).rejects.toThrow(
      /not a companion function/,
    );
    expect(await balance(bob)).toBe(before);
    expect(await probes()).not.toContain("c-three");
    await withCompanion("c2", "c-two"); // the refused key is free again
    expect(await balance(bob)).toBe(before + 100n);
    await t.expectInvariants();
  });

  it("are each called by a static call when a module defines them (an EXECUTE is planned at every call)", async () => {
    const { rows } = await t.database.pool.query<{ name: string; listed: boolean }>(
      `select p.proname as name,
          position(format('WHEN %L THEN PERFORM %I(p_args)', p.proname, p.proname)
            in pg_get_functiondef('ledger_call_companion'::regproc)) > 0 as listed
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname like '%\\_alongside'
          and p.proname not in ('ledger_apply_operation_alongside', 'ledger_apply_operations_alongside',
            'probe_alongside', 'guard_alongside')
        order by 1`,
    );
    expect(rows.map((r) => r.name)).toEqual([
      "auth_session_live_alongside",
      "history_insert_alongside",
      "kyc_record_usage_alongside",
    ]);
    expect(rows.filter((r) => !r.listed)).toEqual([]);
  });
});

describe("companions marked first (guards)", () => {
  const guarded = (idempotencyKey: string, note: string) =>
    send(idempotencyKey, note, {
      alongside: undefined,
      companions: [
        { fn: "probe_alongside", args: { note } },
        { fn: "guard_alongside", args: { note }, first: true },
      ],
    });
  const setGuard = (open: boolean) => t.database.pool.query("update guard_probe set open = $1", [open]);

  it("run before the operation and its other companions, and refuse it whole", async () => {
    const before = await balance(bob);
    await guarded("g1", "g-one");
    expect(await probes()).toEqual(expect.arrayContaining(["g-one", "guard saw g-one before"]));
    await setGuard(false);
    try {
      await expect(guarded("g2", "g-two")).rejects.toMatchObject({ code: "GD001" });
      expect(await probes()).not.toContain("g-two");
      expect(await balance(bob)).toBe(before + 100n);
      await t.expectInvariants();
    } finally {
      await setGuard(true);
    }
  });

  it("refuse a replay too: a closed guard is never answered the stored response", async () => {
    const first = await guarded("g3", "g-three");
    await setGuard(false);
    try {
      await expect(guarded("g3", "g-three")).rejects.toMatchObject({ code: "GD001" });
    } finally {
      await setGuard(true);
    }
    // Open again, the guard lets the replay through, and it only runs (the probe is not written twice).
    await t.database.pool.query("delete from alongside_probe where note = 'guard saw g-three before'");
    expect(await guarded("g3", "g-three")).toEqual({ ...first, replayed: true });
    expect(await probes()).toContain("guard saw g-three after");
  });
});

describe("findStoredOutcome", () => {
  it("answers nothing for a free key, the stored response for a used one, and refuses another request", async () => {
    const lookup = (idempotencyKey: string, requestHash = "h") =>
      t.ledger.findStoredOutcome({ merchantId: t.merchantId, idempotencyKey, requestHash });
    expect(await lookup("never-used")).toBeUndefined();
    expect(await lookup("k1")).toMatchObject({ replayed: true, response: { note: "one" } });
    await expect(lookup("k1", "other")).rejects.toMatchObject({ code: "IDEMPOTENCY_MISMATCH" });
  });
});
