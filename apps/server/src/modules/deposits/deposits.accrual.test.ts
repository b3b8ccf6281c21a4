import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClientSource, clientSourceFromPool } from "../../db/transaction.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { cryptoDriver } from "../crypto/crypto.test-helpers.ts";
import { createHistoryService } from "../history/index.ts";
import { createLedgerService } from "../ledger/index.ts";
import { createDepositSettlement } from "./deposit-settle.service.ts";
import { balanceOf, clockedDeposits, daysAfter } from "./deposits.test-helpers.ts";

type Customer = { phone: string; token: string; customerId: string };
type Opened = {
  id: string;
  openedAt: Date;
  expiresAt: Date;
  termDays: number;
  principalAccount: string;
  interestAccount: string;
};
let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
let c: ReturnType<typeof clockedDeposits>;
let alice: Customer;
let merchantId: string;
let keys = 0;

const eur = async () => (await d.wallet(alice.token, "EUR")).balance;
const settle = (id: string, at: Date) => c.deposits.settleDeposit({ merchantId, depositId: id, at });

/** Opens a deposit of 1,000.00 EUR at `at` on the test's clock. */
async function openAt(at: string, productType: "FIX" | "FLEX", months: number): Promise<Opened> {
  c.clock.now = new Date(at);
  const claims = await c.services.auth.authenticate(alice.token);
  const merchant = await c.services.merchants.resolveMerchant({
    merchantIdHeader: merchantId,
    host: undefined,
  });
  const key = `customer:${alice.customerId}:open-${++keys}`;
  const outcome = await c.deposits.openDeposit({
    merchant,
    customer: claims,
    currency: "EUR",
    productType,
    months,
    amount: "1000",
    idempotencyKey: key,
    requestHash: key,
  });
  const { id } = (outcome.response as { body: { id: string } }).body;
  const { rows } = await t.database.pool.query(
    `select id, opened_at as "openedAt", expires_at as "expiresAt", term_days as "termDays",
       principal_account_id as "principalAccount", interest_account_id as "interestAccount"
     from deposits where id = $1`,
    [id],
  );
  return rows[0] as Opened;
}

async function closeAt(id: string, at: Date) {
  c.clock.now = at;
  const claims = await c.services.auth.authenticate(alice.token);
  const merchant = await c.services.merchants.resolveMerchant({
    merchantIdHeader: merchantId,
    host: undefined,
  });
  const key = `customer:${alice.customerId}:close-${++keys}`;
  const outcome = await c.deposits.closeDeposit({
    merchant,
    customer: claims,
    depositId: id,
    idempotencyKey: key,
    requestHash: key,
  });
  return (outcome.response as { body: { currentProfit: string; status: string } }).body;
}

const accrued = async (id: string) =>
  (
    await t.database.pool.query("select accrued_interest::text as i, status from deposits where id = $1", [
      id,
    ])
  ).rows[0] as {
    i: string;
    status: string;
  };

beforeAll(async () => {
  t = await createTestApp();
  d = cryptoDriver(t);
  c = clockedDeposits(t);
  alice = await d.verified();
  merchantId = (await c.services.auth.authenticate(alice.token)).merchantId;
  expect((await d.faucet(alice.phone, "EUR", "9000")).statusCode).toBe(200);
});
afterAll(() => t.close());

// Expected figures are worked by hand from docs/earn.md: I(k) = floor(P × rateBp × k / 3,650,000),
// P = 100,000 cents.
describe("accrual on the test's clock", () => {
  it("day by day over a term across 29 February 2028 equals the closed form at 30, 90 and 366 days", async () => {
    // FLEX EUR 12 months at 4.00 %: 10 March 2027 to 10 March 2028 is 366 days.
    const dep = await openAt("2027-03-10T10:00:00Z", "FLEX", 12);
    expect(dep.termDays).toBe(366);
    const walletBefore = await eur();
    const checkpoints: Record<number, string> = { 30: "328", 90: "986", 365: "4000" };
    for (let day = 1; day <= 365; day++) {
      expect(await settle(dep.id, daysAfter(dep.openedAt, day))).toBe("accrued");
      const expected = checkpoints[day];
      if (expected) {
        expect((await accrued(dep.id)).i).toBe(expected);
        expect(await balanceOf(t, dep.interestAccount)).toBe(BigInt(expected));
      }
    }
    // Maturity on day 366: 40.10 EUR of interest (floor of 4010.96 cents), paid with the principal.
    expect(await settle(dep.id, dep.expiresAt)).toBe("matured");
    expect(await accrued(dep.id)).toEqual({ i: "4010", status: "MATURED" });
    expect(await eur()).toBe((Number(walletBefore) + 1040.1).toFixed(2));
    expect(await balanceOf(t, dep.interestAccount)).toBe(0n);
    expect(await balanceOf(t, dep.principalAccount)).toBe(0n);
    await d.expectInvariants();
  });

  it("in uneven catch-ups over 365 days pays exactly the yearly rate", async () => {
    // FIX EUR 12 months at 5.50 %: 5 January 2027 to 2028 is 365 days: 55.00 EUR exactly.
    const dep = await openAt("2027-01-05T08:30:00Z", "FIX", 12);
    expect(dep.termDays).toBe(365);
    for (const day of [1, 2, 17, 100, 101, 250, 364]) await settle(dep.id, daysAfter(dep.openedAt, day));
    expect(await settle(dep.id, daysAfter(dep.openedAt, 364))).toBe("nothing_due");
    const before = await eur();
    expect(await settle(dep.id, daysAfter(dep.expiresAt, 3))).toBe("matured");
    expect(await accrued(dep.id)).toEqual({ i: "5500", status: "MATURED" });
    expect(await eur()).toBe((Number(before) + 1055).toFixed(2));
    await d.expectInvariants();
  });
});

describe("maturity", () => {
  it("run twice (the job and the daily sweep) pays once", async () => {
    const dep = await openAt("2027-05-01T00:00:00Z", "FIX", 6);
    const before = await eur();
    const at = daysAfter(dep.expiresAt, 1);
    const [first, second] = await Promise.all([
      settle(dep.id, at),
      settle(dep.id, at),
      c.deposits.settleDue(at),
    ]);
    // Whichever of the three gets the row first matures it (the sweep answers a count, not an
    // outcome): at most one direct call says so, and the money below is paid once.
    expect([first, second].filter((r) => r === "matured").length).toBeLessThanOrEqual(1);
    expect(await settle(dep.id, at)).toBe("not_open");
    // 6 months at 4.50 % from 1 May: 184 days, floor(100,000 × 450 × 184 / 3,650,000) = 2268 cents.
    expect(dep.termDays).toBe(184);
    expect(await eur()).toBe((Number(before) + 1022.68).toFixed(2));
    await d.expectInvariants();
  });

  it("that crashes midway leaves nothing behind, and pays once after a restart", async () => {
    const dep = await openAt("2027-06-01T00:00:00Z", "FIX", 6);
    const before = await eur();
    const crashing = crashOn(clientSourceFromPool(t.database.pool), /update deposits set status/);
    const db = crashing.source;
    const worker = createDepositSettlement({
      db,
      ledger: createLedgerService({ db }),
      history: createHistoryService({ db }),
    });
    await expect(
      worker.settleDeposit({ merchantId, depositId: dep.id, at: dep.expiresAt }),
    ).rejects.toThrow();
    expect(crashing.crashed()).toBe(true);
    expect((await accrued(dep.id)).status).toBe("OPEN");
    expect(await eur()).toBe(before);
    await d.expectInvariants();
    // The restarted worker: a fresh pool's services, the same job.
    expect(await settle(dep.id, dep.expiresAt)).toBe("matured");
    expect(await settle(dep.id, dep.expiresAt)).toBe("not_open");
    // 1 June to 1 December 2027: 183 days, floor(100,000 × 450 × 183 / 3,650,000) = 2256 cents.
    expect(dep.termDays).toBe(183);
    expect(await eur()).toBe((Number(before) + 1022.56).toFixed(2));
    await d.expectInvariants();
  });
});

describe("close before expiry", () => {
  it("FIX: returns the principal without profit; the accrued interest goes back to the merchant", async () => {
    const dep = await openAt("2027-02-01T12:00:00Z", "FIX", 12);
    await settle(dep.id, daysAfter(dep.openedAt, 40));
    expect((await accrued(dep.id)).i).toBe("602"); // floor(100,000 × 550 × 40 / 3,650,000)
    const before = await eur();
    const closed = await closeAt(dep.id, daysAfter(dep.openedAt, 45));
    expect(closed).toMatchObject({ status: "CLOSED", currentProfit: "0.00" });
    expect(await eur()).toBe((Number(before) + 1000).toFixed(2));
    expect(await balanceOf(t, dep.interestAccount)).toBe(0n);
    await d.expectInvariants();
  });

  it("FLEX: returns the principal with the profit to date, accrued up to the close", async () => {
    const dep = await openAt("2027-02-01T12:00:00Z", "FLEX", 12);
    await settle(dep.id, daysAfter(dep.openedAt, 10));
    const before = await eur();
    // 45 days at 4.00 %: floor(100,000 × 400 × 45 / 3,650,000) = 493 cents.
    const closed = await closeAt(dep.id, daysAfter(dep.openedAt, 45.5));
    expect(closed).toMatchObject({ status: "CLOSED", currentProfit: "4.93" });
    expect(await eur()).toBe((Number(before) + 1004.93).toFixed(2));
    const events = (
      await t.app.inject({ url: `/v2/history/deposit/${dep.id}`, headers: d.bearer(alice.token) })
    ).json().events;
    expect(events.map((e: { type: string }) => e.type)).toEqual(["CLOSED", "INTEREST", "INTEREST", "OPENED"]);
    await d.expectInvariants();
  });
});

/**
 * A connection source whose connection dies (the backend is terminated, as in a crash of the
 * database connection) when a statement matching `pattern` is sent: what it did in its
 * transaction is rolled back by PostgreSQL.
 */
function crashOn(source: ClientSource, pattern: RegExp) {
  let crashed = false;
  return {
    crashed: () => crashed,
    source: {
      withClient: (fn) =>
        source.withClient((client) => {
          const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
          const wrapped = Object.create(client, {
            query: {
              value: async (...args: unknown[]) => {
                const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string }).text;
                if (!crashed && text && pattern.test(text)) {
                  crashed = true;
                  await query("select pg_terminate_backend(pg_backend_pid())").catch(() => undefined);
                }
                return query(...args);
              },
            },
          });
          return fn(wrapped);
        }),
    } satisfies ClientSource,
  };
}
