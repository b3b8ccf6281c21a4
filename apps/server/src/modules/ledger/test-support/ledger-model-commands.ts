import type fc from "fast-check";
import { expect } from "vitest";
import { AppError } from "../../../http/app-error.ts";
import type { ApplyOperationInput, Leg, OperationResult } from "../ledger.types.ts";
import {
  type Counters,
  commit,
  expireDue,
  type Model,
  type ModelAccount,
  type ModelLeg,
  predict,
  toLegs,
  zero,
} from "./ledger-model.ts";
import type { LedgerTestContext } from "./ledger-test-context.ts";

// The commands of the model-based test (ledger.model.test.ts): each runs against the real ledger
// and the model, then checks that they agree and that every invariant holds.

export type Real = { t: LedgerTestContext; seed: number };
type Cmd = fc.AsyncCommand<Model, Real>;

const upFrontResponse = (legs: Leg[]) => ({
  transfers: legs.map((l) => ({
    id: l.id as string,
    type: "pending" in l && l.pending ? "pending" : "other",
  })),
  accounts: [],
});

const response = (r: OperationResult) => ({
  transfers: r.transfers.map((x) => ({ id: x.id, type: x.type })),
  accounts: r.accounts.map((a) => [a.id, a.balance.toString(), a.available.toString()]),
});

let keys = 0;
/** How the operation's response is made: up front (one statement) or from its result. */
export type ResponseMode = "up_front" | "built" | "built_after_a_failed_build";

export class ApplyCommand implements Cmd {
  readonly legs: ModelLeg[];
  readonly mode: ResponseMode;
  constructor(legs: ModelLeg[], mode: ResponseMode) {
    this.legs = legs;
    this.mode = mode;
  }
  check = () => true;
  async run(m: Model, r: Real) {
    const sent = toLegs(m, this.legs);
    const expected = predict(m, this.legs, sent);
    const base = {
      merchantId: r.t.merchantId,
      idempotencyKey: `test:model:${r.seed}:${keys++}`,
      requestHash: `h${keys}`,
      kind: "sandbox_credit" as const,
      legs: sent,
    };
    // Up front, the response can only say what the caller made: the ids of its transfers.
    const input: ApplyOperationInput =
      this.mode === "up_front"
        ? { ...base, response: upFrontResponse(sent) }
        : { ...base, buildResponse: response };
    if (this.mode === "built_after_a_failed_build" && expected.ok) {
      const failing = r.t.ledger.applyOperation({
        ...base,
        buildResponse: () => {
          throw new Error("injected failure");
        },
      });
      await expect(failing).rejects.toThrow("injected failure");
      await expectModel(m, r);
    }
    const outcome = await r.t.ledger.applyOperation(input).catch((err: unknown) => err);
    if (!expected.ok) {
      expect(outcome instanceof AppError ? outcome.code : outcome).toBe(expected.code);
    } else {
      if (outcome instanceof Error) throw outcome;
      const body = (outcome as { response: ReturnType<typeof response> }).response;
      expect(body).toEqual(this.mode === "up_front" ? upFrontResponse(sent) : body);
      const pendingIds = body.transfers.filter((x) => x.type === "pending").map((x) => x.id);
      commit(m, this.legs, expected, pendingIds);
      m.operations.push({ input, response: body });
    }
    await expectModel(m, r);
  }
  toString = () =>
    `apply(${this.legs.map((l) => JSON.stringify(l, (_, v) => (typeof v === "bigint" ? `${v}n` : v))).join(", ")}; ${this.mode})`;
}

export class AdvanceClockCommand implements Cmd {
  readonly seconds: number;
  constructor(seconds: number) {
    this.seconds = seconds;
  }
  check = () => true;
  async run(m: Model, r: Real) {
    r.t.clock.advance(this.seconds);
    m.now += this.seconds * 1000;
  }
  toString = () => `advance(${this.seconds}s)`;
}

export class ExpireDueCommand implements Cmd {
  check = () => true;
  async run(m: Model, r: Real) {
    // Earlier runs may have left overdue reservations too: sweep until none is left.
    while ((await r.t.ledger.expireDuePending({ limit: 500 })) > 0) {}
    expireDue(m);
    await expectModel(m, r);
  }
  toString = () => "expireDue";
}

export class ReplayCommand implements Cmd {
  readonly index: number;
  readonly sameRequest: boolean;
  constructor(index: number, sameRequest: boolean) {
    this.index = index;
    this.sameRequest = sameRequest;
  }
  check = (m: Readonly<Model>) => m.operations.length > 0;
  async run(m: Model, r: Real) {
    const op = m.operations[this.index % m.operations.length] as Model["operations"][number];
    if (this.sameRequest) {
      const again = await r.t.ledger.applyOperation(op.input);
      expect(again.replayed).toBe(true);
      expect(again.response).toEqual(op.response);
    } else {
      await expect(r.t.ledger.applyOperation({ ...op.input, requestHash: "another" })).rejects.toMatchObject({
        code: "IDEMPOTENCY_MISMATCH",
      });
    }
    await expectModel(m, r);
  }
  toString = () => `replay(${this.index}, ${this.sameRequest ? "same" : "different"} request)`;
}

export class CloseCommand implements Cmd {
  readonly customer: number;
  constructor(customer: number) {
    this.customer = customer;
  }
  check = () => true;
  async run(m: Model, r: Real) {
    const a = m.customers[this.customer] as ModelAccount;
    const empty = a.c.cp === a.c.dp && a.c.dq === 0n && a.c.cq === 0n;
    const result = r.t.ledger.closeAccount({ merchantId: r.t.merchantId, accountId: a.id });
    if (empty) {
      await result;
      a.closed = true;
    } else {
      await expect(result).rejects.toMatchObject({ code: "ACCOUNT_NOT_EMPTY" });
    }
    await expectModel(m, r);
  }
  toString = () => `close(${this.customer})`;
}

async function expectModel(m: Model, r: Real) {
  const { rows } = await r.t.database.pool.query<{ id: string; c: string[]; closed: boolean }>(
    `select id, array[debits_posted, credits_posted, debits_pending, credits_pending]::text[] as c, closed
     from ledger_accounts where id = any($1)`,
    [m.customers.map((a) => a.id)],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const a of m.customers) {
    const row = byId.get(a.id);
    expect({ id: a.id, c: row?.c.map(BigInt), closed: row?.closed }).toEqual({
      id: a.id,
      c: [a.c.dp, a.c.cp, a.c.dq, a.c.cq],
      closed: a.closed,
    });
  }
  expect(await houseTotals(r)).toEqual(addHouse(m.houseBaseline, m.house));
  await r.t.expectInvariants();
}

export async function houseTotals(r: Real): Promise<Map<string, Counters>> {
  const { rows } = await r.t.database.pool.query<{ key: string; c: string[] }>(
    `select kind || ':' || currency as key,
            array[sum(debits_posted), sum(credits_posted), sum(debits_pending), sum(credits_pending)]::text[] as c
     from ledger_accounts where merchant_id = $1 and owner_id is null group by kind, currency order by 1`,
    [r.t.merchantId],
  );
  return new Map(
    rows.map((row) => {
      const [dp, cp, dq, cq] = row.c.map(BigInt) as [bigint, bigint, bigint, bigint];
      return [row.key, { dp, cp, dq, cq }];
    }),
  );
}

function addHouse(base: Map<string, Counters>, delta: Map<string, Counters>): Map<string, Counters> {
  const out = new Map([...base].map(([k, v]) => [k, { ...v }]));
  for (const [k, d] of delta) {
    const b = out.get(k) ?? zero();
    out.set(k, { dp: b.dp + d.dp, cp: b.cp + d.cp, dq: b.dq + d.dq, cq: b.cq + d.cq });
  }
  return out;
}
