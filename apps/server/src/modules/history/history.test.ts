import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { cryptoDriver } from "../crypto/crypto.test-helpers.ts";
import { NIMBUS_MERCHANT_ID } from "../merchants/index.ts";

type Customer = { phone: string; token: string; customerId: string };
type Item = { operationId: string; type: string; status: string; currency: string; direction: string };
let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
let alice: Customer;
let bob: Customer;

const page = async (token: string, query = "") => {
  const res = await d.history(token, query);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    operations: Item[];
    total: number;
    offset: number;
    size: number;
    snapshotAt: string;
  };
};
const sendToBob = (amount: string) => d.send(alice.token, { phone: bob.phone, amount, currency: "USDT" });

beforeAll(async () => {
  t = await createTestApp({ CHAIN_CONFIRMATION_SECONDS: "600" });
  d = cryptoDriver(t);
  [alice, bob] = await Promise.all([d.verified(), d.verified()]);
  await d.faucet(alice.phone, "USDT", "500");
  await d.faucet(alice.phone, "BTC", "0.01");
  const { txHash } = (await d.deposit((await d.wallet(alice.token, "BTC")).address, "BTC", "0.002")).json();
  await d.advance(txHash, 1);
  await d.runChainJobs();
  expect((await sendToBob("5")).statusCode).toBe(200);
  const withdrawal = await d.send(alice.token, {
    address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94",
    amount: "20",
    currency: "USDT",
  });
  expect(withdrawal.statusCode).toBe(200);
});
afterAll(() => t.close());

describe("GET /v2/history/operations", () => {
  it("lists every kind of operation of the customer, newest first, with status, amounts and one model", async () => {
    const { operations, total } = await page(alice.token);
    expect(operations.map((o) => [o.type, o.status, o.currency])).toEqual([
      ["SEND_TO_WALLET", "PENDING", "USDT"],
      ["SEND_TO_PHONE", "COMPLETED", "USDT"],
      ["RECEIVE_CRYPTO", "PENDING", "BTC"],
      ["TEST_CREDIT", "COMPLETED", "BTC"],
      ["TEST_CREDIT", "COMPLETED", "USDT"],
    ]);
    expect(total).toBe(5);
    const [withdrawal, , deposit] = operations as Record<string, unknown>[];
    expect(withdrawal).toMatchObject({ amount: "20.000000", fee: "3.520000", counterparty: "0x9858…aEda94" });
    expect(withdrawal?.sendToWalletModel).toMatchObject({
      debitAmount: { value: "23.520000", currency: "USDT" },
    });
    expect(withdrawal?.receiveCryptoModel).toBeNull();
    expect(deposit?.receiveCryptoModel).toMatchObject({ confirmations: 1, requiredConfirmations: 2 });
    expect(withdrawal?.operationDate).toBe(withdrawal?.createdAt);
  });

  it("never shows another customer's operations: the other party sees only what concerns them", async () => {
    const mine = new Set((await page(alice.token)).operations.map((o) => o.operationId));
    const theirs = (await page(bob.token)).operations;
    expect(theirs.map((o) => [o.type, o.direction])).toEqual([["SEND_TO_PHONE", "IN"]]);
    expect(theirs.filter((o) => mine.has(o.operationId))).toHaveLength(1);
    expect((await d.history("not-a-token")).statusCode).toBe(401);
  });

  it("filters by types and currencies, as repeated or comma-separated parameters", async () => {
    const types = (q: string) => page(alice.token, q).then((p) => p.operations.map((o) => o.type));
    expect(await types("typeFilter=TEST_CREDIT")).toEqual(["TEST_CREDIT", "TEST_CREDIT"]);
    expect(await types("typeFilter=SEND_TO_PHONE&typeFilter=SEND_TO_WALLET")).toEqual([
      "SEND_TO_WALLET",
      "SEND_TO_PHONE",
    ]);
    expect(await types("typeFilter=SEND_TO_PHONE,RECEIVE_CRYPTO")).toEqual([
      "SEND_TO_PHONE",
      "RECEIVE_CRYPTO",
    ]);
    expect(await types("typeFilter=UNKNOWN")).toHaveLength(5);
    expect(await types("typeFilter=EXCHANGE")).toEqual([]);
    expect(await types("currencyFilter=BTC")).toEqual(["RECEIVE_CRYPTO", "TEST_CREDIT"]);
    expect(await types("currencyFilter=BTC&typeFilter=TEST_CREDIT")).toEqual(["TEST_CREDIT"]);
  });

  it("keeps pages where they were while new operations arrive, given the first page's snapshot", async () => {
    const first = await page(alice.token, "size=2");
    expect(first.operations).toHaveLength(2);
    await sendToBob("1");
    await sendToBob("2");
    const anchored = await page(
      alice.token,
      `size=2&offset=2&snapshotAt=${encodeURIComponent(first.snapshotAt)}`,
    );
    const all = (await page(alice.token, `size=100&snapshotAt=${encodeURIComponent(first.snapshotAt)}`))
      .operations;
    expect(anchored.total).toBe(5);
    expect(anchored.operations.map((o) => o.operationId)).toEqual(all.slice(2, 4).map((o) => o.operationId));
    const last = await page(
      alice.token,
      `size=2&offset=4&snapshotAt=${encodeURIComponent(first.snapshotAt)}`,
    );
    expect(last.operations.map((o) => o.type)).toEqual(["TEST_CREDIT"]);
    // A fresh first page shows the new ones.
    const fresh = await page(alice.token, "size=2");
    expect(fresh.total).toBe(7);
    expect(fresh.operations.map((o) => o.type)).toEqual(["SEND_TO_PHONE", "SEND_TO_PHONE"]);
    expect((await page(alice.token, "offset=50")).operations).toEqual([]);
  });

  it.each([
    "size=101",
    "size=0",
    "offset=-1",
    "typeFilter=TRANSFER",
    "currencyFilter=btc",
    "snapshotAt=yesterday",
  ])("refuses %s with 400", async (query) => {
    const res = await d.history(alice.token, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA" });
  });
});

describe("the database as backstop", () => {
  it("refuses a history or usage row that pairs a customer with another merchant", async () => {
    const db = await t.database.pool.connect();
    const insertHistory = (merchantId: string) =>
      db.query(
        `insert into history_entries (id, merchant_id, customer_id, operation_id, type, direction, status, currency, amount, fee, details, created_at, updated_at)
         values (gen_random_uuid(), $1, $2, gen_random_uuid(), 'SEND_TO_PHONE', 'IN', 'COMPLETED', 'USDT', 1, 0, '{}', now(), now())`,
        [merchantId, alice.customerId],
      );
    const insertUsage = (merchantId: string) =>
      db.query(
        `insert into kyc_usage (id, merchant_id, customer_id, operation_type, amount, currency, reference)
         values (gen_random_uuid(), $1, $2, 'TRANSFER_MOBILE', 1, 'EUR', gen_random_uuid()::text)`,
        [merchantId, alice.customerId],
      );
    try {
      for (const insert of [insertHistory, insertUsage]) {
        await expect(insert(NIMBUS_MERCHANT_ID)).rejects.toMatchObject({ code: "23503" });
      }
      const own = await db.query<{ merchant_id: string }>("select merchant_id from customers where id = $1", [
        alice.customerId,
      ]);
      await db.query("begin");
      // The same rows with the customer's own merchant go in (and are rolled back).
      await insertHistory(own.rows[0]?.merchant_id as string);
      await insertUsage(own.rows[0]?.merchant_id as string);
      await db.query("rollback");
    } finally {
      db.release();
    }
  });
});

describe("sends by phone", () => {
  it("write one history row per party, in the send's transaction, each listed once", async () => {
    const db = t.database.pool;
    const mine = (await page(alice.token, "typeFilter=SEND_TO_PHONE")).operations;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((o) => o.direction === "OUT")).toBe(true);
    const bobs = (await page(bob.token, "typeFilter=SEND_TO_PHONE")).operations;
    expect(bobs.map((o) => [o.operationId, o.direction])).toEqual(mine.map((o) => [o.operationId, "IN"]));
    const rows = await db.query<{ n: number }>(
      "select count(*)::int as n from history_entries where type = 'SEND_TO_PHONE' and operation_id = any($1)",
      [mine.map((o) => o.operationId)],
    );
    expect(rows.rows[0]?.n).toBe(mine.length * 2);
    await d.expectInvariants();
  });
});
