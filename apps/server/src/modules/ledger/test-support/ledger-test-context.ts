import { makeWorkerUtils } from "graphile-worker";
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { expect } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../db/test-database.ts";
import { clientSourceFromPool, type RetryPolicy } from "../../../db/transaction.ts";
import { DEMO_MERCHANT_ID } from "../../merchants/index.ts";
import { checkInvariants } from "../ledger.invariants.ts";
import { createLedgerService, type LedgerService } from "../ledger.service.ts";
import type { Account, HouseAccountKind } from "../ledger.types.ts";

/** A clock that stands still until told to move: expiry is tested without waiting. */
class TestClock {
  #now: number;
  constructor(start = Date.UTC(2030, 0, 1)) {
    this.#now = start;
  }
  now = (): Date => new Date(this.#now);
  advance(seconds: number) {
    this.#now += seconds * 1000;
  }
}

export type LedgerTestContext = {
  database: TestDatabase;
  ledger: LedgerService;
  clock: TestClock;
  merchantId: string;
  /** A new EUR (or other) wallet of a new customer, funded from the chain hot wallet if asked. */
  openWallet(options?: { currency?: string; funds?: bigint }): Promise<Account>;
  fund(accountId: string, amount: bigint, currency?: string): Promise<void>;
  /** Fails the test naming every violated invariant. */
  expectInvariants(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A fresh database (with graphile-worker's schema, which reservations enqueue expiry jobs into),
 * the ledger service on a test clock, and EUR and BTC house accounts of the demo merchant.
 */
export async function createLedgerTestContext(
  options: { poolSize?: number; retry?: RetryPolicy } = {},
): Promise<LedgerTestContext> {
  const database = await createTestDatabase();
  if (options.poolSize) (database.pool.options as pg.PoolConfig).max = options.poolSize;
  await installWorkerSchema(database.url);
  const clock = new TestClock();
  const ledger = createLedgerService({
    db: clientSourceFromPool(database.pool),
    clock: clock.now,
    ...(options.retry ? { retry: options.retry } : {}),
  });
  const merchantId = DEMO_MERCHANT_ID;
  for (const currency of ["EUR", "BTC"]) await ledger.ensureHouseAccounts({ merchantId, currency });

  const fund = async (accountId: string, amount: bigint, currency = "EUR") => {
    await ledger.applyOperation({
      merchantId,
      idempotencyKey: `test:fund:${uuidv7()}`,
      requestHash: "fund",
      kind: "sandbox_credit" as const,
      legs: [
        { debit: { house: "chain_hot_wallet" }, credit: { accountId }, amount, currency: currency as "EUR" },
      ],
      buildResponse: () => null,
    });
  };

  return {
    database,
    ledger,
    clock,
    merchantId,
    async openWallet({ currency = "EUR", funds } = {}) {
      const account = await ledger.openCustomerAccount({
        merchantId,
        ownerId: uuidv7(),
        kind: "customer_wallet",
        currency,
      });
      if (funds) await fund(account.id, funds, currency);
      return funds ? ledger.getAccount({ merchantId, accountId: account.id }) : account;
    },
    fund,
    async expectInvariants() {
      const client = await database.pool.connect();
      try {
        const broken = (await checkInvariants(client)).filter((v) => v.violations.length > 0);
        expect(broken, "ledger invariants").toEqual([]);
      } finally {
        client.release();
      }
    },
    close: () => database.drop(),
  };
}

/** graphile-worker installs its schema at its first start; a test database gets it here. */
async function installWorkerSchema(connectionString: string) {
  const utils = await makeWorkerUtils({ connectionString });
  try {
    await utils.migrate();
  } finally {
    await utils.release();
  }
}

/** Sum of a house account's shards. */
export async function houseBalance(ctx: LedgerTestContext, kind: HouseAccountKind, currency = "EUR") {
  return ctx.ledger.getHouseBalance({ merchantId: ctx.merchantId, kind, currency: currency as "EUR" });
}
