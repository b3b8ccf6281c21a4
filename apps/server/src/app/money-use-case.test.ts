import type pg from "pg";
import { describe, expect, it } from "vitest";
import type { ClientSource } from "../db/transaction.ts";
import { ledgerErrors, type OperationOutcome } from "../modules/ledger/index.ts";
import { createMoneyFrame, keyOf, Settled } from "./money-use-case.ts";

// The frame's order and its answers, with a fake connection: what runs in the transaction, in
// which order, and what a refusal or a replay answers.

function fakeFrame(stored?: OperationOutcome) {
  const log: string[] = [];
  const client = {
    query: async (sql: string) => {
      log.push(sql);
      return { rows: [] };
    },
    release: () => {},
  } as unknown as pg.PoolClient;
  const db: ClientSource = { withClient: (fn) => fn(client) };
  const frame = createMoneyFrame({
    db,
    auth: { requireLiveSession: async () => void log.push("session") },
    ledger: {
      findStoredOutcome: async () => {
        log.push("stored?");
        return stored;
      },
    },
  });
  return { frame, log };
}

const session = { merchantId: "m", customerId: "c", sessionId: "s" };
const key = keyOf("m", { idempotencyKey: "k", requestHash: "h" });
const applied: OperationOutcome = { operationId: "op", replayed: false, response: { ok: true } };
const limit = (log: string[]) => ({
  consume: async (_tx: unknown, ref: string) => void log.push(`limit ${ref}`),
});

describe("the money frame", () => {
  it("runs session, lock, limit, move and record in one transaction, in that order", async () => {
    const { frame, log } = fakeFrame();
    const outcome = await frame({
      session,
      key,
      prepare: async () => ({ limit: limit(log) }),
      limit: (p) => ({ limit: p.limit, reference: "k" }),
      lock: async () => void log.push("lock"),
      move: async () => {
        log.push("move");
        return applied;
      },
      record: async () => void log.push("record"),
    });
    expect(outcome).toBe(applied);
    expect(log).toEqual(["BEGIN", "session", "lock", "limit k", "move", "record", "COMMIT"]);
  });

  it("skips record on a replay, and the limit when the lock settles it", async () => {
    const { frame, log } = fakeFrame();
    const replay = { ...applied, replayed: true };
    await frame({
      session,
      key,
      prepare: async () => ({}),
      move: async () => replay,
      record: async () => void log.push("record"),
    });
    expect(log).not.toContain("record");

    const settled = fakeFrame();
    const answer = await settled.frame({
      session,
      prepare: async () => ({ limit: limit(settled.log) }),
      limit: (p) => ({ limit: p.limit, reference: "payment" }),
      lock: async () => new Settled(false),
      move: async () => true,
    });
    expect(answer).toBe(false);
    expect(settled.log).toEqual(["BEGIN", "session", "COMMIT"]);
  });

  it("maps the ledger's INSUFFICIENT_FUNDS to the module's, and answers a refusal with the stored outcome", async () => {
    const { frame } = fakeFrame();
    const mine = new Error("mine");
    await expect(
      frame({
        session,
        key,
        insufficientFunds: () => mine,
        prepare: async () => ({}),
        move: async () => {
          throw ledgerErrors.create("INSUFFICIENT_FUNDS");
        },
      }),
    ).rejects.toBe(mine);

    const stored = { ...applied, replayed: true };
    const refused = fakeFrame(stored);
    const outcome = await refused.frame({
      session,
      key,
      prepare: async () => {
        throw new Error("refused now");
      },
      move: async () => applied,
    });
    expect(outcome).toBe(stored);
  });

  it("answers the stored outcome before prepare when told to (prepare texts a code)", async () => {
    const stored = { ...applied, replayed: true };
    const { frame, log } = fakeFrame(stored);
    const outcome = await frame({
      session,
      key,
      replayFirst: true,
      prepare: async () => void log.push("prepare"),
      move: async () => applied,
    });
    expect(outcome).toBe(stored);
    expect(log).toEqual(["stored?"]);
  });
});
