import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Account } from "./ledger.types.ts";
import { createLedgerTestContext, type LedgerTestContext } from "./test-support/ledger-test-context.ts";

let t: LedgerTestContext;
let alice: Account;
let bob: Account;
let aliceBtc: Account;
const DAY = 86_400;

const send = (from: string, to: string, amount: bigint, fee = 0n) =>
  t.ledger.applyOperation({
    merchantId: t.merchantId,
    idempotencyKey: `send:${uuidv7()}`,
    requestHash: "send",
    kind: "transfer_mobile",
    legs: [
      { debit: { accountId: from }, credit: { accountId: to }, amount, currency: "EUR" },
      ...(fee
        ? [
            {
              debit: { accountId: from },
              credit: { house: "fee_income" as const },
              amount: fee,
              currency: "EUR" as const,
            },
          ]
        : []),
    ],
    buildResponse: () => null,
  });

const owner = (a: Account): string => {
  if (!a.ownerId) throw new Error(`account ${a.id} has no owner`);
  return a.ownerId;
};

const byDay = async (ownerId: string, days: number) =>
  (await t.ledger.walletBalancesByDay({ merchantId: t.merchantId, ownerId, days, now: t.clock.now() })).map(
    (d) => [d.day, Object.fromEntries(d.balances)],
  );

beforeAll(async () => {
  t = await createLedgerTestContext();
  // The clock starts at 2030-01-01 00:00 UTC. Day 1 (noon): 100.00 EUR to Alice. Day 3: she
  // sends 25.00 to Bob with a 1.00 fee. Day 4, 23:00: 0.5 BTC to a second wallet of hers.
  t.clock.advance(DAY / 2);
  alice = await t.openWallet({ funds: 10_000n });
  bob = await t.openWallet();
  t.clock.advance(2 * DAY);
  await send(alice.id, bob.id, 2_500n, 100n);
  t.clock.advance(DAY + 11 * 3600);
  aliceBtc = await t.ledger.openCustomerAccount({
    merchantId: t.merchantId,
    ownerId: owner(alice),
    kind: "customer_wallet",
    currency: "BTC",
  });
  await t.fund(aliceBtc.id, 50_000_000n, "BTC");
  // Now: 2030-01-06 10:00, nothing moved on days 5 and 6.
  t.clock.advance(DAY + 11 * 3600);
});
afterAll(() => t.close());

describe("a customer's wallet balances by day", () => {
  it("closes each day on what was posted by its end, carried over quiet days", async () => {
    expect(await byDay(owner(alice), 7)).toEqual([
      ["2029-12-31", { EUR: 0n, BTC: 0n }],
      ["2030-01-01", { EUR: 10_000n, BTC: 0n }],
      ["2030-01-02", { EUR: 10_000n, BTC: 0n }],
      ["2030-01-03", { EUR: 7_400n, BTC: 0n }],
      ["2030-01-04", { EUR: 7_400n, BTC: 50_000_000n }],
      ["2030-01-05", { EUR: 7_400n, BTC: 50_000_000n }],
      ["2030-01-06", { EUR: 7_400n, BTC: 50_000_000n }],
    ]);
    expect(await byDay(owner(bob), 3)).toEqual([
      ["2030-01-04", { EUR: 2_500n }],
      ["2030-01-05", { EUR: 2_500n }],
      ["2030-01-06", { EUR: 2_500n }],
    ]);
  });

  it("opens a short range with the balance carried from before it", async () => {
    expect(await byDay(owner(alice), 1)).toEqual([["2030-01-06", { EUR: 7_400n, BTC: 50_000_000n }]]);
  });

  it("shows another customer, or another merchant, nothing of theirs", async () => {
    const stranger = uuidv7();
    expect(await byDay(stranger, 2)).toEqual([
      ["2030-01-05", {}],
      ["2030-01-06", {}],
    ]);
    const other = await t.ledger.walletBalancesByDay({
      merchantId: "0190a000-0000-7000-8000-00000000beef",
      ownerId: owner(alice),
      days: 7,
      now: t.clock.now(),
    });
    expect(other.every((d) => d.balances.size === 0)).toBe(true);
  });
});
