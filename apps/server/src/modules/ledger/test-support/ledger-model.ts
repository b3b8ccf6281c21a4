import type { CurrencyCode } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import type { LedgerErrorCode } from "../ledger.errors.ts";
import type { ApplyOperationInput, HouseAccountKind, Json, Leg } from "../ledger.types.ts";

// An in-memory ledger that predicts, for a sequence of operations, every outcome and every
// counter of the real one. It follows the write path's order of checks (migration 0004):
// 1 legs resolved, 2 accounts found, 3 reservations unresolved and not expired, 4 legs applied.

export type Counters = { dp: bigint; cp: bigint; dq: bigint; cq: bigint };
export type ModelAccount = { id: string; currency: CurrencyCode; closed: boolean; c: Counters };
type ModelPending = {
  id: string;
  debit: number;
  credit: number;
  amount: bigint;
  deadline: number;
  resolved: boolean;
};
type ModelOperation = { input: ApplyOperationInput; response: Json };
export type Model = {
  customers: ModelAccount[];
  /** Change of each house account (all shards) since the run started, by "kind:currency". */
  house: Map<string, Counters>;
  /** Totals of the house accounts when the run started (earlier runs moved them too). */
  houseBaseline: Map<string, Counters>;
  pendings: ModelPending[];
  operations: ModelOperation[];
  now: number;
};

export type ModelLeg =
  | { kind: "credit"; to: number; amount: bigint }
  | { kind: "move"; from: number; to: number; amount: bigint }
  | { kind: "fee"; from: number; amount: bigint }
  | { kind: "unknown"; from: number; amount: bigint }
  | { kind: "reserve"; from: number; to: number; amount: bigint; timeoutSeconds: number }
  | { kind: "post"; pending: number; portion: "all" | "part" | "too_much" }
  | { kind: "void"; pending: number };

type Side = { customer: number } | { house: string };
type Resolved = {
  type: "posted" | "pending" | "post_pending" | "void_pending";
  debit: Side;
  credit: Side;
  currency: CurrencyCode;
  amount: bigint;
  pending?: ModelPending;
};

export const zero = (): Counters => ({ dp: 0n, cp: 0n, dq: 0n, cq: 0n });

const houseOf = (kind: HouseAccountKind, currency: CurrencyCode) => `${kind}:${currency}`;

/** The service's legs for a model operation (pending indices pick among the model's reservations). */
export function toLegs(model: Model, legs: ModelLeg[]): Leg[] {
  const id = (i: number) => ({ accountId: (model.customers[i] as ModelAccount).id });
  const cur = (i: number) => (model.customers[i] as ModelAccount).currency;
  const pending = (k: number) => model.pendings[k % Math.max(1, model.pendings.length)];
  // Every transfer gets its id here, as a caller making its response up front would do.
  return legs.map((l): Leg => ({ ...toLeg(l), id: uuidv7() }));
  function toLeg(l: ModelLeg): Leg {
    switch (l.kind) {
      case "credit":
        return {
          debit: { house: "chain_hot_wallet" },
          credit: id(l.to),
          amount: l.amount,
          currency: cur(l.to),
        };
      case "move":
        return { debit: id(l.from), credit: id(l.to), amount: l.amount, currency: cur(l.from) };
      case "fee":
        return {
          debit: id(l.from),
          credit: { house: "fee_income" },
          amount: l.amount,
          currency: cur(l.from),
        };
      case "unknown":
        return {
          debit: id(l.from),
          credit: { accountId: uuidv7() },
          amount: l.amount,
          currency: cur(l.from),
        };
      case "reserve":
        return {
          debit: id(l.from),
          credit: id(l.to),
          amount: l.amount,
          currency: cur(l.from),
          pending: { timeoutSeconds: l.timeoutSeconds },
        };
      case "post": {
        const p = pending(l.pending);
        const amount =
          !p || l.portion === "all" ? undefined : l.portion === "part" ? p.amount / 2n || 1n : p.amount + 1n;
        return { type: "post_pending", pendingId: p?.id ?? uuidv7(), ...(amount ? { amount } : {}) };
      }
      default:
        return { type: "void_pending", pendingId: pending(l.pending)?.id ?? uuidv7() };
    }
  }
}

export type Prediction =
  | { ok: false; code: LedgerErrorCode }
  | { ok: true; customers: Counters[]; house: Map<string, Counters>; resolves: ModelPending[] };

/** What the real ledger must do with these legs. Pure: the model changes only through `commit`. */
export function predict(model: Model, legs: ModelLeg[], sent: Leg[]): Prediction {
  const fail = (code: LedgerErrorCode): Prediction => ({ ok: false, code });
  const cur = (i: number) => (model.customers[i] as ModelAccount).currency;
  const resolved: Resolved[] = [];
  // 1. Each leg in order: its reservation exists and the amount fits; two different accounts.
  for (const [i, l] of legs.entries()) {
    const s = sent[i] as Leg;
    let r: Resolved;
    if (l.kind === "post" || l.kind === "void") {
      const pendingId = (s as { pendingId: string }).pendingId;
      const p = model.pendings.find((x) => x.id === pendingId);
      if (!p) return fail("PENDING_NOT_FOUND");
      const amount = s.type === "post_pending" && s.amount !== undefined ? s.amount : p.amount;
      if (amount > p.amount) return fail("AMOUNT_EXCEEDS_PENDING");
      const type = l.kind === "post" ? "post_pending" : "void_pending";
      const currency = cur(p.debit);
      r = {
        type,
        debit: { customer: p.debit },
        credit: { customer: p.credit },
        currency,
        amount,
        pending: p,
      };
    } else if (l.kind === "credit") {
      const currency = cur(l.to);
      r = {
        type: "posted",
        debit: { house: houseOf("chain_hot_wallet", currency) },
        credit: { customer: l.to },
        currency,
        amount: l.amount,
      };
    } else if (l.kind === "fee") {
      const currency = cur(l.from);
      r = {
        type: "posted",
        debit: { customer: l.from },
        credit: { house: houseOf("fee_income", currency) },
        currency,
        amount: l.amount,
      };
    } else if (l.kind === "unknown") {
      r = {
        type: "posted",
        debit: { customer: l.from },
        credit: { house: "unknown" },
        currency: cur(l.from),
        amount: l.amount,
      };
    } else {
      if (l.from === l.to) return fail("SAME_ACCOUNT");
      const type = l.kind === "reserve" ? "pending" : "posted";
      r = {
        type,
        debit: { customer: l.from },
        credit: { customer: l.to },
        currency: cur(l.from),
        amount: l.amount,
      };
    }
    resolved.push(r);
  }
  // 2. Every account exists.
  if (legs.some((l) => l.kind === "unknown")) return fail("ACCOUNT_NOT_FOUND");
  // 3. Reservations: resolved at most once, and only before their deadline.
  const resolving = resolved.flatMap((r) => (r.pending ? [r.pending] : []));
  if (resolving.some((p, i) => p.resolved || resolving.indexOf(p) !== i))
    return fail("PENDING_ALREADY_RESOLVED");
  if (resolving.some((p) => model.now >= p.deadline)) return fail("PENDING_EXPIRED");
  // 4. Apply in order: currency, closed, then the balance rules after each leg.
  const customers = model.customers.map((a) => ({ ...a.c }));
  const house = new Map([...model.house].map(([k, v]) => [k, { ...v }]));
  const counters = (side: Side): Counters => {
    if ("customer" in side) return customers[side.customer] as Counters;
    if (!house.has(side.house)) house.set(side.house, zero());
    return house.get(side.house) as Counters;
  };
  const currencyOf = (side: Side) =>
    "customer" in side ? cur(side.customer) : (side.house.split(":")[1] as CurrencyCode);
  const closed = (side: Side) =>
    "customer" in side && (model.customers[side.customer] as ModelAccount).closed;
  for (const r of resolved) {
    if (currencyOf(r.debit) !== r.currency || currencyOf(r.credit) !== r.currency)
      return fail("CURRENCY_MISMATCH");
    if (r.type !== "void_pending" && (closed(r.debit) || closed(r.credit))) return fail("ACCOUNT_CLOSED");
    const d = counters(r.debit);
    const c = counters(r.credit);
    if (r.type === "posted") {
      d.dp += r.amount;
      c.cp += r.amount;
    } else if (r.type === "pending") {
      d.dq += r.amount;
      c.cq += r.amount;
    } else if (r.type === "post_pending") {
      const reserved = (r.pending as ModelPending).amount;
      d.dq -= reserved;
      c.cq -= reserved;
      d.dp += r.amount;
      c.cp += r.amount;
    } else {
      d.dq -= r.amount;
      c.cq -= r.amount;
    }
    if ("customer" in r.debit && d.dp + d.dq > d.cp) return fail("INSUFFICIENT_FUNDS");
  }
  return { ok: true, customers, house, resolves: resolving };
}

/** Makes a successful prediction the model's state; new reservations get the ids the ledger gave. */
export function commit(model: Model, legs: ModelLeg[], p: Prediction & { ok: true }, pendingIds: string[]) {
  model.customers.forEach((a, i) => {
    a.c = p.customers[i] as Counters;
  });
  model.house = p.house;
  for (const r of p.resolves) r.resolved = true;
  let next = 0;
  for (const l of legs) {
    if (l.kind !== "reserve") continue;
    const id = pendingIds[next++];
    if (!id) throw new Error("the ledger returned fewer reservations than asked");
    model.pendings.push({
      id,
      debit: l.from,
      credit: l.to,
      amount: l.amount,
      deadline: model.now + l.timeoutSeconds * 1000,
      resolved: false,
    });
  }
}

/** The expiry sweep: every overdue reservation of the run is released. */
export function expireDue(model: Model) {
  for (const p of model.pendings) {
    if (p.resolved || model.now < p.deadline) continue;
    (model.customers[p.debit] as ModelAccount).c.dq -= p.amount;
    (model.customers[p.credit] as ModelAccount).c.cq -= p.amount;
    p.resolved = true;
  }
}
