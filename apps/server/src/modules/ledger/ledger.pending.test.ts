import type { JobHelpers } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientSourceFromPool } from "../../db/transaction.ts";
import { EXPIRE_PENDING_TASK, expirePendingTransfers } from "../../jobs/expire-pending-transfers.ts";
import { createLedgerService } from "./ledger.service.ts";
import type { Account, Leg } from "./ledger.types.ts";
import { createLedgerTestContext, type LedgerTestContext } from "./test-support/ledger-test-context.ts";

let t: LedgerTestContext;
beforeAll(async () => {
  t = await createLedgerTestContext();
});
afterAll(() => t.close());

let n = 0;
const run = (legs: Leg[]) =>
  t.ledger.applyOperation({
    merchantId: t.merchantId,
    idempotencyKey: `test:pending:${n++}:${Math.random()}`,
    requestHash: "h",
    kind: "sandbox_credit" as const,
    legs,
    buildResponse: (r) => ({ transferId: r.transfers[0]?.id ?? null }),
  });

async function reserve(from: Account, to: Account, amount: bigint, timeoutSeconds = 60): Promise<string> {
  const { response } = await run([
    {
      debit: { accountId: from.id },
      credit: { accountId: to.id },
      amount,
      currency: "EUR",
      pending: { timeoutSeconds },
    },
  ]);
  return (response as { transferId: string }).transferId;
}

const account = (a: Account) => t.ledger.getAccount({ merchantId: t.merchantId, accountId: a.id });

describe("pending transfers", () => {
  it("reserves: the balance stays, the available amount drops, and a job waits for the deadline", async () => {
    const payer = await t.openWallet({ funds: 1_000n });
    const payee = await t.openWallet();
    const pendingId = await reserve(payer, payee, 300n, 90);
    expect(await account(payer)).toMatchObject({ balance: 1_000n, available: 700n, debitsPending: 300n });
    expect(await account(payee)).toMatchObject({ balance: 0n, creditsPending: 300n });
    const { rows } = await t.database.pool.query(
      "select task_identifier, run_at, key from graphile_worker.jobs where key = $1",
      [`ledger_expire_pending:${pendingId}`],
    );
    expect(rows).toEqual([
      {
        task_identifier: EXPIRE_PENDING_TASK,
        run_at: new Date(t.clock.now().getTime() + 90_000),
        key: `ledger_expire_pending:${pendingId}`,
      },
    ]);
    await t.expectInvariants();
  });

  it("posts part of a reservation and releases the rest, then refuses a second resolution", async () => {
    const payer = await t.openWallet({ funds: 1_000n });
    const payee = await t.openWallet();
    const pendingId = await reserve(payer, payee, 400n);
    await run([{ type: "post_pending", pendingId, amount: 150n }]);
    expect(await account(payer)).toMatchObject({ balance: 850n, available: 850n, debitsPending: 0n });
    expect(await account(payee)).toMatchObject({ balance: 150n, creditsPending: 0n });
    await expect(run([{ type: "void_pending", pendingId }])).rejects.toMatchObject({
      code: "PENDING_ALREADY_RESOLVED",
    });
    await expect(run([{ type: "post_pending", pendingId, amount: 401n }])).rejects.toMatchObject({
      code: "AMOUNT_EXCEEDS_PENDING",
    });
    await t.expectInvariants();
  });

  it("voids a reservation: everything returns", async () => {
    const payer = await t.openWallet({ funds: 1_000n });
    const payee = await t.openWallet();
    const pendingId = await reserve(payer, payee, 1_000n);
    await expect(reserve(payer, payee, 1n)).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    await run([{ type: "void_pending", pendingId }]);
    expect(await account(payer)).toMatchObject({ balance: 1_000n, available: 1_000n });
    await t.expectInvariants();
  });

  it("refuses to post or void after the deadline, and the job releases the reservation once", async () => {
    const payer = await t.openWallet({ funds: 500n });
    const payee = await t.openWallet();
    const pendingId = await reserve(payer, payee, 200n, 30);
    expect(await t.ledger.expirePending({ merchantId: t.merchantId, pendingId })).toBe("not_due");
    t.clock.advance(30);
    await expect(run([{ type: "post_pending", pendingId }])).rejects.toMatchObject({
      code: "PENDING_EXPIRED",
    });
    await expect(run([{ type: "void_pending", pendingId }])).rejects.toMatchObject({
      code: "PENDING_EXPIRED",
    });

    expect(await t.ledger.expirePending({ merchantId: t.merchantId, pendingId })).toBe("expired");
    expect(await account(payer)).toMatchObject({ balance: 500n, available: 500n, debitsPending: 0n });
    expect(await t.ledger.expirePending({ merchantId: t.merchantId, pendingId })).toBe("already_resolved");
    await t.expectInvariants();
  });

  it("sweeps overdue reservations and leaves the others", async () => {
    const payer = await t.openWallet({ funds: 500n });
    const payee = await t.openWallet();
    await reserve(payer, payee, 100n, 10);
    await reserve(payer, payee, 100n, 1_000);
    t.clock.advance(10);
    expect(await t.ledger.expireDuePending()).toBeGreaterThanOrEqual(1);
    expect(await account(payer)).toMatchObject({ available: 400n, debitsPending: 100n });
    await t.expectInvariants();
  });

  it("lets exactly one of a concurrent post and void win", async () => {
    const payer = await t.openWallet({ funds: 500n });
    const payee = await t.openWallet();
    const pendingId = await reserve(payer, payee, 500n);
    const results = await Promise.allSettled([
      run([{ type: "post_pending", pendingId }]),
      run([{ type: "void_pending", pendingId }]),
      run([{ type: "post_pending", pendingId, amount: 1n }]),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "PENDING_ALREADY_RESOLVED" });
    }
    await t.expectInvariants();
  });

  it("runs as the worker task on the database's clock: checks the payload, releases the reservation", async () => {
    // The task builds its own ledger service, on the database's clock (not the test clock).
    const ledger = createLedgerService({ db: clientSourceFromPool(t.database.pool) });
    const payer = await t.openWallet({ funds: 100n });
    const payee = await t.openWallet();
    const { response } = await ledger.applyOperation({
      merchantId: t.merchantId,
      idempotencyKey: `test:task:${Math.random()}`,
      requestHash: "h",
      kind: "sandbox_credit" as const,
      legs: [
        {
          debit: { accountId: payer.id },
          credit: { accountId: payee.id },
          amount: 100n,
          currency: "EUR",
          pending: { timeoutSeconds: 1 },
        },
      ],
      buildResponse: (r) => ({ transferId: r.transfers[0]?.id ?? null }),
    });
    const transferId = (response as { transferId: string }).transferId;
    const helpers = {
      withPgClient: clientSourceFromPool(t.database.pool).withClient,
      logger: { debug: () => {} },
    } as unknown as JobHelpers;
    await expect(expirePendingTransfers({ merchantId: t.merchantId }, helpers)).rejects.toThrow();
    await expect(expirePendingTransfers({ merchantId: t.merchantId, transferId }, helpers)).rejects.toThrow(
      "not due",
    );
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await expirePendingTransfers({ merchantId: t.merchantId, transferId }, helpers);
    expect(await account(payer)).toMatchObject({ balance: 100n, available: 100n });
    await t.expectInvariants();
  });
});
