import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DailyFiguresBatch } from "./ledger.service.ts";
import type { Account } from "./ledger.types.ts";
import { createLedgerTestContext, type LedgerTestContext } from "./test-support/ledger-test-context.ts";

let t: LedgerTestContext;
let alice: Account;
let bob: Account;
const DAY = 86_400;
const start = new Date(Date.UTC(2030, 0, 1));

beforeAll(async () => {
  t = await createLedgerTestContext();
  // Noon of 2030-01-01 on the ledger's clock: 100.00 to Alice, a send and a fee, then a
  // deposit of 1.00 to Bob on each of the next 39 days.
  t.clock.advance(DAY / 2);
  alice = await t.openWallet({ funds: 10_000n });
  bob = await t.openWallet();
  await t.ledger.applyOperation({
    merchantId: t.merchantId,
    idempotencyKey: `send:${uuidv7()}`,
    requestHash: "send",
    kind: "transfer_mobile",
    legs: [
      { debit: { accountId: alice.id }, credit: { accountId: bob.id }, amount: 2_500n, currency: "EUR" },
      { debit: { accountId: alice.id }, credit: { house: "fee_income" }, amount: 100n, currency: "EUR" },
    ],
    buildResponse: () => null,
  });
  for (let i = 1; i < 40; i++) {
    t.clock.advance(DAY);
    await t.fund(bob.id, 100n);
  }
});
afterAll(() => t.close());

async function batches(from: Date, to: Date, batchDays: number) {
  const seen: DailyFiguresBatch[] = [];
  await t.ledger.dailyFigures({ merchantId: t.merchantId, from, to, batchDays }, async (b) => {
    seen.push(b);
  });
  return seen;
}
const plusDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY * 1000);

describe("the ledger's daily figures", () => {
  it("reads a long range a few days at a time, each batch holding its own days only", async () => {
    const seen = await batches(start, plusDays(start, 40), 3);
    expect(seen).toHaveLength(14);
    for (const b of seen) {
      expect(b.to.getTime() - b.from.getTime()).toBeLessThanOrEqual(3 * DAY * 1000);
      for (const m of b.movements) {
        expect(Date.parse(`${m.day}T00:00:00Z`)).toBeGreaterThanOrEqual(b.from.getTime());
        expect(Date.parse(`${m.day}T00:00:00Z`)).toBeLessThan(b.to.getTime());
      }
    }
    // Every batch opens with what the last one closed on: 97.50 + 25.00 on day one, then +1.00 a day.
    expect(seen[0]?.opening.get("EUR") ?? 0n).toBe(0n);
    expect(seen[1]?.opening.get("EUR")).toBe(10_000n - 100n + 200n);
    expect(seen[13]?.opening.get("EUR")).toBe(9_900n + 3_800n);
    const total = seen.flatMap((b) => b.movements).reduce((s, m) => s + m.amount, 0n);
    const whole = (await batches(start, plusDays(start, 40), 40))[0]?.movements ?? [];
    expect(total).toBe(whole.reduce((s, m) => s + m.amount, 0n));
    expect(total).toBe(10_000n + 2_500n + 100n + 39n * 100n);
  });

  it("opens a range that starts later with the balances of that moment, matching the accounts", async () => {
    const [b] = await batches(plusDays(start, 39), plusDays(start, 40), 1);
    expect(b?.opening.get("EUR")).toBe(9_900n + 3_800n);
    const held =
      (await t.ledger.getAccount({ merchantId: t.merchantId, accountId: alice.id })).balance +
      (await t.ledger.getAccount({ merchantId: t.merchantId, accountId: bob.id })).balance;
    expect((b?.opening.get("EUR") ?? 0n) + 100n).toBe(held);
    expect(b?.activeCustomers).toEqual([{ day: "2030-02-09", currency: "EUR", customers: 1 }]);
    await t.expectInvariants();
  });

  it("reads no other merchant's movements", async () => {
    const other = "0190a000-0000-7000-8000-00000000beef";
    const seen: DailyFiguresBatch[] = [];
    await t.ledger.dailyFigures(
      { merchantId: other, from: start, to: plusDays(start, 40), batchDays: 40 },
      async (b) => {
        seen.push(b);
      },
    );
    expect(seen[0]?.movements).toEqual([]);
    expect(seen[0]?.opening.size).toBe(0);
  });
});
