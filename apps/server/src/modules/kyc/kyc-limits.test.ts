import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientSourceFromPool, inTransaction, type Tx } from "../../db/transaction.ts";
import { AppError } from "../../http/app-error.ts";
import { createServices } from "../../services.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import type { KycService } from "./kyc.service.ts";
import { kycDriver } from "./kyc.test-helpers.ts";
import { recordUsageSql } from "./kyc-limits.repository.ts";

let t: TestApp;
let k: ReturnType<typeof kycDriver>;
/** The KYC service as money features get it (deps.services.kyc); stateless, so a second one. */
let kyc: KycService;
beforeAll(async () => {
  t = await createTestApp();
  k = kycDriver(t);
  kyc = createServices(t.config, t.database).kyc;
});
afterAll(() => t.close());

const EUR = (major: number) => BigInt(Math.round(major * 100));

/** A use-case's transaction, as money features hand theirs to the KYC service. */
const inTx = <T>(work: (tx: Tx) => Promise<T>) => inTransaction(clientSourceFromPool(t.database.pool), work);

/** As a money feature does: the limits read before its transaction, the usage recorded in it. */
async function consume(q: Parameters<KycService["prepare"]>[0] & { reference: string }) {
  const limit = await kyc.prepare(q);
  return inTx((tx) => limit.consume(tx, q.reference));
}

/**
 * A stand-in money feature (a send by phone), until the real ones call the KYC service: it
 * consumes the customer's limit for its operation id, then "moves" the money.
 */
function fakeSend(customerId: string, merchantId = DEMO_MERCHANT_ID) {
  let n = 0;
  return (amountInEur: number, reference = `send-${customerId}-${n++}`) =>
    consume({
      merchantId,
      customerId,
      operationType: "TRANSFER_MOBILE",
      amountInFiatMinor: EUR(amountInEur),
      reference,
    });
}

async function refusal(
  p: Promise<unknown>,
): Promise<{ code: string; status: number; message: string; data: unknown }> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(e instanceof AppError)) throw new Error(`expected a refusal, got ${String(e)}`);
  return { code: e.code, status: e.status, message: e.message, data: e.data };
}

describe("enforcement (assertAllowed / consume)", () => {
  it("refuses a KYC_0 customer through the operations catalog, with its reason", async () => {
    const c = await k.customer("Lovelace");
    const r = await refusal(kyc.assertAllowed(query(c.customerId, 10)));
    expect(r).toMatchObject({ code: "KYC_LEVEL_TOO_LOW", status: 403, data: { reason: "KYC_REQUIRED" } });
    // EXCHANGE is open at KYC_0, within its small KYC_0 limits.
    await kyc.assertAllowed({ ...query(c.customerId, 500), operationType: "EXCHANGE" });
    const big = await refusal(
      kyc.assertAllowed({ ...query(c.customerId, 500.01), operationType: "EXCHANGE" }),
    );
    expect(big.data).toMatchObject({
      reason: "PER_TRANSACTION_LIMIT",
      remaining: "500.00",
      nextLevel: "KYC_2",
    });
  });

  it("holds a KYC_2 customer to the per-transaction, 24-hour and 30-day limits, saying what remains", async () => {
    const c = await k.verifiedCustomer();
    const send = fakeSend(c.customerId);
    const perTx = await refusal(send(5000.01));
    // KYC_2 is the top level: no next level to name (more is a limit-increase request).
    expect(perTx).toEqual({
      code: "LIMIT_EXCEEDED",
      status: 422,
      message: "This amount is above your limit of 5000.00 EUR per transaction.",
      data: {
        reason: "PER_TRANSACTION_LIMIT",
        operationType: "TRANSFER_MOBILE",
        kycLevel: "KYC_2",
        currency: "EUR",
        limit: "5000.00",
        remaining: "5000.00",
      },
    });
    for (let i = 0; i < 2; i++) expect(await send(5000)).toBe("recorded");
    expect(await send(4999.99)).toBe("recorded");
    const daily = await refusal(send(0.02));
    expect(daily.message).toBe("This amount is above your 24-hour limit. You can still use 0.01 EUR.");
    expect(daily.data).toMatchObject({ reason: "DAILY_LIMIT", limit: "15000.00", remaining: "0.01" });
    await send(0.01);
  });

  it("holds the 30-day limit over usage of earlier days, and forgets usage older than 30 days", async () => {
    const c = await k.verifiedCustomer();
    // Earlier usage, oldest first (a customer's usage is appended in time order).
    await t.database.pool.query(
      `insert into kyc_usage (id, merchant_id, customer_id, operation_type, amount, currency, reference, created_at)
       values (gen_random_uuid(), $1, $2::uuid, 'TRANSFER_MOBILE', 9900000, 'EUR', $2::text || '-old-1', now() - interval '31 days'),
              (gen_random_uuid(), $1, $2::uuid, 'TRANSFER_MOBILE', 4450000, 'EUR', $2::text || '-old-2', now() - interval '10 days'),
              (gen_random_uuid(), $1, $2::uuid, 'TRANSFER_MOBILE', 500000, 'EUR', $2::text || '-old-3', now() - interval '2 days')`,
      [DEMO_MERCHANT_ID, c.customerId],
    );
    const used = { merchantId: DEMO_MERCHANT_ID, customerId: c.customerId, operationType: "TRANSFER_MOBILE" };
    expect(await kyc.usedAmount(used as Parameters<KycService["usedAmount"]>[0])).toEqual({
      daily: 0n,
      monthly: EUR(49500),
    });
    const send = fakeSend(c.customerId);
    const monthly = await refusal(send(600));
    expect(monthly.data).toMatchObject({ reason: "MONTHLY_LIMIT", limit: "50000.00", remaining: "500.00" });
    expect(await send(500)).toBe("recorded");
    expect(await kyc.usedAmount(used as Parameters<KycService["usedAmount"]>[0])).toEqual({
      daily: EUR(500),
      monthly: EUR(50000),
    });
  });

  it("counts an operation once however often it is consumed, and gives it back when released", async () => {
    const c = await k.verifiedCustomer();
    const send = fakeSend(c.customerId);
    expect(await send(800, "op-1")).toBe("recorded");
    expect(await send(800, "op-1")).toBe("repeated");
    expect(
      await kyc.usedAmount({
        merchantId: DEMO_MERCHANT_ID,
        customerId: c.customerId,
        operationType: "TRANSFER_MOBILE",
      }),
    ).toEqual({
      daily: EUR(800),
      monthly: EUR(800),
    });
    expect(await inTx((tx) => kyc.release(tx, { merchantId: DEMO_MERCHANT_ID, reference: "op-1" }))).toBe(
      true,
    );
    expect(await inTx((tx) => kyc.release(tx, { merchantId: DEMO_MERCHANT_ID, reference: "op-1" }))).toBe(
      false,
    );
    expect(
      (
        await kyc.usedAmount({
          merchantId: DEMO_MERCHANT_ID,
          customerId: c.customerId,
          operationType: "TRANSFER_MOBILE",
        })
      ).daily,
    ).toBe(0n);
  });

  it("lets only as many concurrent operations through as the limit holds", async () => {
    const c = await k.verifiedCustomer();
    const send = fakeSend(c.customerId);
    for (const amount of [5000, 5000, 4000]) await send(amount);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => send(400)));
    const passed = results.filter((r) => r.status === "fulfilled").length;
    expect(passed).toBe(2); // 1,000.00 left of 15,000.00: two of 400.00, never a third
    const used = await kyc.usedAmount({
      merchantId: DEMO_MERCHANT_ID,
      customerId: c.customerId,
      operationType: "TRANSFER_MOBILE",
    });
    expect(used.daily).toBe(EUR(14800));
  });

  it("decides by the stored state under the customer's lock, not by the state this instance saw last", async () => {
    const c = await k.verifiedCustomer();
    const send = fakeSend(c.customerId);
    expect(await send(10)).toBe("recorded"); // this instance now remembers KYC_2
    // Another instance leaves the customer at KYC_0 meanwhile (their approval withdrawn: the
    // application, the stored state and the customer's mirror all say so).
    await t.database.pool.query(
      `with a as (update kyc_applications set status = 'REJECTED' where customer_id = $1),
            k as (update kyc_customers set level = 'KYC_0', status = 'REJECTED' where customer_id = $1)
       update customers set kyc_level = 'KYC_0', kyc_status = 'REJECTED' where id = $1`,
      [c.customerId],
    );
    const refused = await refusal(send(10));
    expect(refused).toMatchObject({
      code: "KYC_LEVEL_TOO_LOW",
      status: 403,
      data: { reason: "KYC_REJECTED" },
    });
    const used = await kyc.usedAmount({
      merchantId: DEMO_MERCHANT_ID,
      customerId: c.customerId,
      operationType: "TRANSFER_MOBILE",
    });
    expect(used.daily).toBe(EUR(10));
  });

  it("judges the state stored when the usage is recorded: a customer approved meanwhile is let through", async () => {
    const c = await k.customer("Lovelace");
    const send = fakeSend(c.customerId);
    // An exchange (open at KYC_0) records a usage at KYC_0.
    await consume({ ...query(c.customerId, 10), operationType: "EXCHANGE", reference: `x-${c.customerId}` });
    expect(await refusal(send(10))).toMatchObject({ code: "KYC_LEVEL_TOO_LOW" });
    // Another instance approves them for KYC_2 (application, stored state and mirror alike).
    await t.database.pool.query(
      `with a as (insert into kyc_applications (id, merchant_id, customer_id, kind, target_level, status, submitted_at, decided_at)
                  values (gen_random_uuid(), $2, $1, 'WIDGET', 'KYC_2', 'APPROVED', now(), now())),
            k as (insert into kyc_customers (customer_id, merchant_id, level, status) values ($1, $2, 'KYC_2', 'APPROVED')
                  on conflict (merchant_id, customer_id) do update set level = 'KYC_2', status = 'APPROVED')
       update customers set kyc_level = 'KYC_2', kyc_status = 'APPROVED' where id = $1`,
      [c.customerId, DEMO_MERCHANT_ID],
    );
    expect(await send(10)).toBe("recorded");
  });

  it("decides by the stored KYC state, locked in the operation's transaction, never by the customer row's copy", async () => {
    const unverified = await k.customer("Lovelace");
    // The customer row's copy says KYC_2; the KYC state the applications make says KYC_0.
    await t.database.pool.query(
      "update customers set kyc_level = 'KYC_2', kyc_status = 'APPROVED' where id = $1",
      [unverified.customerId],
    );
    const refused = await refusal(fakeSend(unverified.customerId)(10));
    expect(refused).toMatchObject({ code: "KYC_LEVEL_TOO_LOW", status: 403 });
    const used = await kyc.usedAmount({
      merchantId: DEMO_MERCHANT_ID,
      customerId: unverified.customerId,
      operationType: "TRANSFER_MOBILE",
    });
    expect(used.daily).toBe(0n);
  });

  it("rolls the usage back with the operation that recorded it", async () => {
    const c = await k.verifiedCustomer();
    const limit = await kyc.prepare(query(c.customerId, 10));
    const failed = inTx(async (tx) => {
      await limit.consume(tx, `rolled-back-${c.customerId}`);
      throw new Error("the money did not move");
    });
    await expect(failed).rejects.toThrow("the money did not move");
    const used = await kyc.usedAmount({
      merchantId: DEMO_MERCHANT_ID,
      customerId: c.customerId,
      operationType: "TRANSFER_MOBILE",
    });
    expect(used.daily).toBe(0n);
  });

  it("follows the catalog switch: maintenance is refused with its reason", async () => {
    const c = await k.verifiedCustomer();
    await t.database.pool.query(
      "update merchant_operations set operation_constraint = 'MAINTENANCE' where merchant_id = $1 and operation_type = 'PAYOUT_CRYPTO'",
      [DEMO_MERCHANT_ID],
    );
    const r = await refusal(kyc.assertAllowed({ ...query(c.customerId, 1), operationType: "PAYOUT_CRYPTO" }));
    expect(r).toMatchObject({ status: 503, data: { reason: "MAINTENANCE" } });
  });

  it("refuses an amount that is not a positive bigint as a programming error", async () => {
    const c = await k.verifiedCustomer();
    await expect(kyc.assertAllowed({ ...query(c.customerId, 1), amountInFiatMinor: 0n })).rejects.toThrow(
      RangeError,
    );
    await expect(
      kyc.assertAllowed({ ...query(c.customerId, 1), amountInFiatMinor: 10 as unknown as bigint }),
    ).rejects.toThrow(RangeError);
  });
});

describe("kyc_record_usage (the usage record's SQL)", () => {
  it("reads the customer's usage by index, also with plans made while kyc_usage was small", async () => {
    const c = await k.verifiedCustomer();
    const record = (reference: string) => ({
      id: crypto.randomUUID(),
      merchantId: DEMO_MERCHANT_ID,
      customerId: c.customerId,
      operationType: "TRANSFER_MOBILE",
      amount: EUR(1),
      currency: "EUR",
      reference,
      now: new Date(),
    });
    // One session, as a pool connection lives: after five calls PL/pgSQL keeps a generic plan.
    const client = await t.database.pool.connect();
    try {
      await client.query("analyze kyc_usage"); // as autovacuum would, while it is small
      for (let i = 0; i < 8; i++) {
        expect(await recordUsageSql(client, record(`plan-${c.customerId}-${i}`))).toEqual({
          state: { level: "KYC_2", status: "APPROVED" },
          outcome: "recorded",
          usedBefore: { daily: EUR(i), monthly: EUR(i) },
        });
      }
      // The table grows (older usage of this customer), with no ANALYZE in between; written by
      // another session, so that the counters below are this session's check alone (a session's
      // pending counters can still hold its earlier transactions').
      await t.database.pool.query(
        `insert into kyc_usage (id, merchant_id, customer_id, operation_type, amount, currency, reference, created_at)
         select gen_random_uuid(), $1, $2::uuid, 'EXCHANGE', 1, 'EUR', 'old-' || $2::text || '-' || n, now() - interval '60 days'
         from generate_series(1, 5000) as n`,
        [DEMO_MERCHANT_ID, c.customerId],
      );
      await client.query("begin");
      await recordUsageSql(client, record(`plan-${c.customerId}-last`));
      const { rows } = await client.query<{ seq_scan: string; idx_tup_fetch: string }>(
        "select seq_scan, idx_tup_fetch from pg_stat_xact_user_tables where relname = 'kyc_usage'",
      );
      await client.query("rollback");
      expect(Number(rows[0]?.seq_scan)).toBe(0);
      // Nor through an index that matches the merchant alone: the reference is looked up by its
      // own unique index, the window by the customer's (a few rows, not the 5,000 old ones).
      expect(Number(rows[0]?.idx_tup_fetch)).toBeLessThan(50);
    } finally {
      client.release();
    }
  });
});

describe("the limit check's cost does not grow with the customer's history", () => {
  /**
   * Rows of kyc_usage a customer's limit check (consume, as a send makes it) reads, after
   * `earlier` sends of theirs spread over the last 40 days: heap and index entries, counted by
   * PostgreSQL for the check's own transaction.
   */
  async function rowsReadAfter(earlier: number) {
    const c = await k.verifiedCustomer();
    await t.database.pool.query(
      `insert into kyc_usage (id, merchant_id, customer_id, operation_type, amount, currency, reference, created_at)
       select gen_random_uuid(), $1, $2::uuid, 'TRANSFER_MOBILE', 1, 'EUR', $2::text || '-earlier-' || n,
              now() - interval '40 days' + (interval '39 days') * n / $3::int
       from generate_series(1, $3::int) as n`,
      [DEMO_MERCHANT_ID, c.customerId, earlier],
    );
    const limit = await kyc.prepare(query(c.customerId, 1));
    // A session of its own (no plan cached by earlier tests) that reads through the heap for
    // every index entry, so that each row an index scan returns is counted (idx_tup_fetch).
    const client = new pg.Client(t.database.pool.options);
    await client.connect();
    try {
      await client.query("set enable_indexonlyscan = off");
      await client.query("begin");
      expect(await limit.consume(client, `check-${c.customerId}`)).toBe("recorded");
      const { rows } = await client.query<{ n: string }>(
        `select seq_tup_read + coalesce(idx_tup_fetch, 0) as n
         from pg_stat_xact_user_tables where relname = 'kyc_usage'`,
      );
      await client.query("rollback");
      return Number(rows[0]?.n);
    } finally {
      await client.end();
    }
  }

  it("reads as many usage rows after 10,000 earlier sends as after 10", { timeout: 60_000 }, async () => {
    const after10 = await rowsReadAfter(10);
    const after10k = await rowsReadAfter(10_000);
    console.log(
      `kyc_usage rows read by one limit check: after 10 sends ${after10}, after 10,000 ${after10k}`,
    );
    expect(after10).toBeLessThan(20);
    expect(after10k).toBe(after10);
  });

  it("reads the newest usage twice: for the new row's time, and in the chain's trigger", async () => {
    // The two windows' starts one row each, the newest usage once in kyc_record_usage and once
    // in kyc_usage_running_total; the windows are taken from the total the insert answers.
    expect(await rowsReadAfter(10)).toBe(4);
    // And the windows it judged are exact: 10,000 sends of 0.01 EUR, spread over 40 days.
    const c = await k.verifiedCustomer();
    await t.database.pool.query(
      `insert into kyc_usage (id, merchant_id, customer_id, operation_type, amount, currency, reference, created_at)
       select gen_random_uuid(), $1, $2::uuid, 'TRANSFER_MOBILE', 1, 'EUR', $2::text || '-earlier-' || n,
              now() - interval '40 days' + interval '1 hour' * n / 4
       from generate_series(1, 3840) as n`,
      [DEMO_MERCHANT_ID, c.customerId],
    );
    const { rows } = await t.database.pool.query<{ daily: string; monthly: string }>(
      `select count(*) filter (where created_at > now() - interval '24 hours') as daily,
              count(*) filter (where created_at > now() - interval '30 days') as monthly
       from kyc_usage where customer_id = $1`,
      [c.customerId],
    );
    const used = await kyc.usedAmount({
      merchantId: DEMO_MERCHANT_ID,
      customerId: c.customerId,
      operationType: "TRANSFER_MOBILE",
    });
    expect(used).toEqual({ daily: BigInt(rows[0]?.daily ?? -1), monthly: BigInt(rows[0]?.monthly ?? -1) });
    expect(used.monthly).toBeGreaterThan(2000n);
  });
});

describe("GET /v1/kyc/limits", () => {
  it("shows per operation the limits, used and remaining as decimal strings, and what each level allows", async () => {
    const c = await k.verifiedCustomer();
    await fakeSend(c.customerId)(250.5);
    const res = await t.app.inject({ url: "/v1/kyc/limits", headers: k.bearer(c.token) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      currency: "EUR",
      kycLevel: "KYC_2",
      kyc0Limit: { value: "2500.00", currency: "EUR" },
      kyc2Limit: { value: "100000.00", currency: "EUR" },
    });
    expect(Object.keys(body).filter((key) => /^kyc.*Limit$/.test(key))).toEqual(["kyc0Limit", "kyc2Limit"]);
    const transfer = body.operations.find(
      (o: { operationType: string }) => o.operationType === "TRANSFER_MOBILE",
    );
    expect(transfer).toEqual({
      operationType: "TRANSFER_MOBILE",
      name: "Send by phone number",
      limits: { perTransaction: "5000.00", daily: "15000.00", monthly: "50000.00" },
      used: { daily: "250.50", monthly: "250.50" },
      remaining: { daily: "14749.50", monthly: "49749.50", now: "5000.00" },
      levels: [
        { kycLevel: "KYC_0", perTransaction: "0.00", daily: "0.00", monthly: "0.00" },
        { kycLevel: "KYC_2", perTransaction: "5000.00", daily: "15000.00", monthly: "50000.00" },
      ],
    });
    expect((await t.app.inject({ url: "/v1/kyc/limits" })).statusCode).toBe(401);
  });

  it("is per merchant: Nimbus lists no operation it does not offer", async () => {
    const c = await k.verifiedCustomer(NIMBUS_MERCHANT_ID);
    const body = (await t.app.inject({ url: "/v1/kyc/limits", headers: k.bearer(c.token) })).json();
    const types = body.operations.map((o: { operationType: string }) => o.operationType);
    expect(types).toContain("TRANSFER_MOBILE");
    expect(types).not.toContain("WITHDRAW_IBAN");
  });
});

function query(customerId: string, amountInEur: number) {
  return {
    merchantId: DEMO_MERCHANT_ID,
    customerId,
    operationType: "TRANSFER_MOBILE" as const,
    amountInFiatMinor: EUR(amountInEur),
  };
}
