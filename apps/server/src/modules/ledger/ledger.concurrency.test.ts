import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseError, DEFAULT_RETRY } from "../../db/transaction.ts";
import { ledgerErrors } from "./ledger.errors.ts";
import type { Account, Leg } from "./ledger.types.ts";
import {
  createLedgerTestContext,
  houseBalance,
  type LedgerTestContext,
} from "./test-support/ledger-test-context.ts";
import { seededRandom } from "./test-support/seeded-random.ts";

const CLIENTS = 32;
const TRANSFERS = 5_000;
const ACCOUNTS = 20;
const HOT = 3;
const FUNDS = 50_000n;

let t: LedgerTestContext;
const retried: DatabaseError[] = [];
beforeAll(async () => {
  t = await createLedgerTestContext({
    poolSize: CLIENTS + 4,
    retry: { ...DEFAULT_RETRY, onRetry: (err) => retried.push(err) },
  });
});
afterAll(() => t.close());

describe("concurrency on real PostgreSQL", () => {
  it(`${CLIENTS} clients, ${TRANSFERS} random transfers over ${ACCOUNTS} accounts with ${HOT} hot ones: no deadlock, totals kept`, async () => {
    const seed = Number(process.env.LEDGER_SEED ?? Date.now() % 2 ** 31);
    const random = seededRandom(seed);
    const accounts: Account[] = [];
    for (let i = 0; i < ACCOUNTS; i++) accounts.push(await t.openWallet({ funds: FUNDS }));
    const feesBefore = (await houseBalance(t, "fee_income")).balance;

    // Half of all picks land on the first HOT accounts: many operations queue on the same rows.
    const pick = () =>
      (random() < 0.5
        ? accounts[Math.floor(random() * HOT)]
        : accounts[Math.floor(random() * ACCOUNTS)]) as Account;
    const plan: Leg[][] = Array.from({ length: TRANSFERS }, () => {
      const a = pick();
      let b = pick();
      while (b.id === a.id) b = pick();
      const amount = BigInt(1 + Math.floor(random() * 2_000));
      const leg = (from: Account, to: Account, value: bigint): Leg => ({
        debit: { accountId: from.id },
        credit: { accountId: to.id },
        amount: value,
        currency: "EUR",
      });
      const shape = random();
      // Multi-leg operations lock three accounts in one go: the order they are named in is random.
      if (shape < 0.2) return [leg(a, b, amount), { ...leg(a, b, 1n), credit: { house: "fee_income" } }];
      if (shape < 0.35) {
        let c = pick();
        while (c.id === a.id || c.id === b.id) c = pick();
        return [leg(a, b, amount), leg(b, c, amount / 2n + 1n)];
      }
      return [leg(a, b, amount)];
    });

    const outcomes = { applied: 0, refused: 0 };
    const unexpected: unknown[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = next++; i < TRANSFERS; i = next++) {
          try {
            await t.ledger.applyOperation({
              merchantId: t.merchantId,
              idempotencyKey: `test:conc:${seed}:${client}:${i}`,
              requestHash: "h",
              kind: "sandbox_credit" as const,
              legs: plan[i] as Leg[],
              // Half the operations store a response known up front (one statement), half build it.
              ...(i % 2 === 0 ? { response: null } : { buildResponse: () => null }),
            });
            outcomes.applied++;
          } catch (err) {
            if (ledgerErrors.is(err, "INSUFFICIENT_FUNDS")) outcomes.refused++;
            else unexpected.push(err);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `concurrency (seed ${seed}): ${outcomes.applied} applied, ${outcomes.refused} refused for funds, ` +
        `${retried.length} retries, ${seconds.toFixed(1)} s (${Math.round(TRANSFERS / seconds)} ops/s)`,
    );

    expect(unexpected, `seed ${seed}`).toEqual([]);
    // Sorted locking means PostgreSQL never even detects a deadlock to retry.
    expect(retried.filter((e) => e.code === "40P01")).toEqual([]);
    expect(outcomes.applied + outcomes.refused).toBe(TRANSFERS);
    expect(outcomes.applied).toBeGreaterThan(TRANSFERS / 2);

    const after = await Promise.all(
      accounts.map((a) => t.ledger.getAccount({ merchantId: t.merchantId, accountId: a.id })),
    );
    const fees = (await houseBalance(t, "fee_income")).balance - feesBefore;
    const total = after.reduce((sum, a) => sum + a.balance, 0n);
    expect(total + fees).toBe(FUNDS * BigInt(ACCOUNTS));
    for (const a of after) expect(a.available).toBeGreaterThanOrEqual(0n);
    // By this run's keys: the operations' kind (sandbox_credit) is the wallets' funding's too.
    const { rows } = await t.database.pool.query<{ n: string }>(
      "select count(*) as n from ledger_operations where idempotency_key like $1",
      [`test:conc:${seed}:%`],
    );
    expect(Number(rows[0]?.n)).toBe(outcomes.applied);
    await t.expectInvariants();
  }, 120_000);
});
