import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApplyOperationInput } from "./ledger.types.ts";
import { createLedgerTestContext, type LedgerTestContext } from "./test-support/ledger-test-context.ts";

const CONCURRENT = 50;

let t: LedgerTestContext;
beforeAll(async () => {
  t = await createLedgerTestContext({ poolSize: CONCURRENT + 4 });
});
afterAll(() => t.close());

async function spendEverything(balance: bigint) {
  const payer = await t.openWallet({ funds: balance });
  const payee = await t.openWallet();
  const input = (key: string): ApplyOperationInput => ({
    merchantId: t.merchantId,
    idempotencyKey: key,
    requestHash: `spend-all:${payer.id}`,
    kind: "transfer_mobile",
    legs: [
      { debit: { accountId: payer.id }, credit: { accountId: payee.id }, amount: balance, currency: "EUR" },
    ],
    buildResponse: (r) => ({
      transferId: r.transfers[0]?.id ?? null,
      balanceAfter: r.accounts.find((a) => a.id === payer.id)?.balance.toString() ?? null,
    }),
  });
  const balanceOf = async (id: string) =>
    (await t.ledger.getAccount({ merchantId: t.merchantId, accountId: id })).balance;
  return { payer, payee, input, balanceOf };
}

describe("double spend through the ledger service", () => {
  it(`${CONCURRENT} concurrent operations each spending the whole balance (different keys): exactly one succeeds`, async () => {
    const { payer, payee, input, balanceOf } = await spendEverything(10_000n);
    const results = await Promise.allSettled(
      Array.from({ length: CONCURRENT }, (_, i) =>
        t.ledger.applyOperation(input(`test:ds:${payer.id}:${i}`)),
      ),
    );
    const succeeded = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(succeeded).toHaveLength(1);
    for (const r of refused) expect(r.reason).toMatchObject({ code: "INSUFFICIENT_FUNDS", status: 422 });
    expect(await balanceOf(payer.id)).toBe(0n);
    expect(await balanceOf(payee.id)).toBe(10_000n);
    await t.expectInvariants();
  });

  it(`${CONCURRENT} concurrent identical requests (same key): one operation, ${CONCURRENT} identical responses`, async () => {
    const { payer, payee, input, balanceOf } = await spendEverything(7_000n);
    const key = `test:ds-same:${payer.id}`;
    const outcomes = await Promise.all(
      Array.from({ length: CONCURRENT }, () => t.ledger.applyOperation(input(key))),
    );
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    const first = outcomes[0];
    for (const o of outcomes) {
      expect(o.operationId).toBe(first?.operationId);
      expect(JSON.stringify(o.response)).toBe(JSON.stringify(first?.response));
    }
    expect(first?.response).toMatchObject({ balanceAfter: "0" });
    const { rows } = await t.database.pool.query<{ n: string }>(
      `select count(*) as n from ledger_transfers t join ledger_operations o on o.id = t.operation_id
       where o.idempotency_key = $1`,
      [key],
    );
    expect(rows[0]?.n).toBe("1");
    expect(await balanceOf(payer.id)).toBe(0n);
    expect(await balanceOf(payee.id)).toBe(7_000n);
    await t.expectInvariants();
  });

  it("a reservation and a payment racing for the same money: only one gets it", async () => {
    const { payer, payee, input } = await spendEverything(500n);
    const base = input("unused");
    const results = await Promise.allSettled([
      t.ledger.applyOperation({ ...base, idempotencyKey: `test:race:a:${payer.id}` }),
      t.ledger.applyOperation({
        ...base,
        idempotencyKey: `test:race:b:${payer.id}`,
        legs: [
          {
            debit: { accountId: payer.id },
            credit: { accountId: payee.id },
            amount: 500n,
            currency: "EUR",
            pending: { timeoutSeconds: 60 },
          },
        ],
      }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const after = await t.ledger.getAccount({ merchantId: t.merchantId, accountId: payer.id });
    expect(after.available).toBe(0n);
    await t.expectInvariants();
  });
});
