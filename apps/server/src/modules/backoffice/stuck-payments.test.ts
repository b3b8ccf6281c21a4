import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { cryptoDriver } from "../crypto/crypto.test-helpers.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { type OperatorSession, signInOperator } from "../operators/operators.test-helpers.ts";

// Stuck crypto withdrawals (docs/backoffice.md "Stuck payments"): listed past their expected
// time, asked about again, failed once whatever races it. The other kinds: stuck-*.test.ts.
type Customer = { phone: string; token: string; customerId: string };
let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
let alice: Customer;
let finance: OperatorSession;
let support: OperatorSession;
let nimbusFinance: OperatorSession;
const OUTSIDE_BTC = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";

beforeAll(async () => {
  // Confirmations take ten minutes each: a broadcast withdrawal stays PENDING while a test runs.
  t = await createTestApp({ CHAIN_CONFIRMATION_SECONDS: "600" });
  d = cryptoDriver(t);
  alice = await d.verified();
  await d.faucet(alice.phone, "BTC", "0.05");
  [finance, support, nimbusFinance] = await Promise.all([
    signInOperator(t.app, t.database, "FINANCE", DEMO_MERCHANT_ID),
    signInOperator(t.app, t.database, "SUPPORT", DEMO_MERCHANT_ID),
    signInOperator(t.app, t.database, "FINANCE", NIMBUS_MERCHANT_ID),
  ]);
});
afterAll(() => t.close());

const list = (s: OperatorSession, query = "") =>
  t.app.inject({ url: `/admin/v1/stuck-payments${query}`, headers: s.headers });
const act = (
  s: OperatorSession,
  action: "ask-again" | "fail",
  id: string,
  payload: unknown,
  kind = "SEND_TO_WALLET",
) =>
  t.app.inject({
    method: "POST",
    url: `/admin/v1/stuck-payments/${kind}/${id}/${action}`,
    headers: s.headers,
    payload: payload as Record<string, unknown>,
  });
const reason = { reason: "Customer called: stuck for hours" };

/** A withdrawal sent and broadcast, then made older than its expected time (two hours). */
async function stuckWithdrawal(amount = "0.001") {
  const res = await d.send(alice.token, { address: OUTSIDE_BTC, amount, currency: "BTC" });
  expect(res.json()).toMatchObject({ status: "PENDING" });
  await d.runChainJobs(); // the broadcast and the first tick: 0 of 2 confirmations
  const id = res.json().txId as string;
  await t.database.pool.query(
    "update crypto_withdrawals set created_at = now() - interval '3 hours' where id = $1",
    [id],
  );
  return id;
}

const balances = async () => {
  const w = await d.wallet(alice.token, "BTC");
  return { balance: w.balance, availableBalance: w.availableBalance };
};
const historyOf = async (id: string) =>
  (await d.history(alice.token)).json().operations.find((o: { operationId: string }) => o.operationId === id);
const settleOperations = async (id: string) =>
  (
    await t.database.pool.query(
      "select count(*)::int as n from ledger_operations where idempotency_key = $1",
      [`chain:withdrawal:${id}:settle`],
    )
  ).rows[0]?.n;

describe("stuck crypto withdrawals", () => {
  it("lists a withdrawal pending past its expected time, oldest first, to its merchant only", async () => {
    const fresh = await d.send(alice.token, { address: OUTSIDE_BTC, amount: "0.0002", currency: "BTC" });
    const id = await stuckWithdrawal("0.0003");
    const res = await list(support, "?kind=SEND_TO_WALLET");
    expect(res.statusCode).toBe(200);
    const ids = res.json().payments.map((p: { id: string }) => p.id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(fresh.json().txId);
    expect(res.json().payments.find((p: { id: string }) => p.id === id)).toMatchObject({
      kind: "SEND_TO_WALLET",
      customerId: alice.customerId,
      // Named as the adjustments queue names a customer, not by a fragment of the id.
      customerName: expect.stringMatching(/ Lovelace$/),
      amount: "0.00030000",
      currency: "BTC",
      expectedMinutes: 120,
      providerReference: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // The first page counts the same list and shows its oldest rows.
    const all = (await list(support)).json().payments;
    const dashboard = (await t.app.inject({ url: "/admin/v1/dashboard", headers: support.headers })).json();
    expect(dashboard.latePaymentsCount).toBe(all.length);
    expect(dashboard.latePayments.map((p: { id: string }) => p.id)).toContain(id);
    const since = res.json().payments.map((p: { since: string }) => p.since);
    expect([...since].sort()).toEqual(since);
    expect((await list(nimbusFinance)).json().payments.map((p: { id: string }) => p.id)).not.toContain(id);
  });

  it("refuses a role without payments.resolve before reading the body, bad input naming the field, another merchant's id", async () => {
    const id = await stuckWithdrawal();
    expect((await act(support, "fail", id, { nonsense: true })).statusCode).toBe(403);
    expect((await act(support, "ask-again", "not-an-id", {})).statusCode).toBe(403);
    const noReason = await act(finance, "fail", id, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().field).toBe("reason");
    const badId = await act(finance, "fail", "not-an-id", reason);
    expect([badId.statusCode, badId.json().field]).toEqual([400, "id"]);
    const badKind = await act(finance, "fail", id, reason, "LOTTERY");
    expect([badKind.statusCode, badKind.json().field]).toEqual([400, "kind"]);
    const elsewhere = await act(nimbusFinance, "fail", id, reason);
    expect(elsewhere.statusCode).toBe(404);
    expect((await balances()).balance).not.toBe((await balances()).availableBalance); // still held
  });

  it("asks the chain again and applies its answer: a confirmed withdrawal completes", async () => {
    const id = await stuckWithdrawal();
    const held = await balances();
    const txHash = (
      await t.database.pool.query<{ tx_hash: string }>(
        "select tx_hash from crypto_withdrawals where id = $1",
        [id],
      )
    ).rows[0]?.tx_hash as string;
    // The chain has both confirmations; its notification has not come (its tick is not run).
    await d.advance(txHash, 2);
    const res = await act(finance, "ask-again", id, reason);
    expect(res.json()).toEqual({ kind: "SEND_TO_WALLET", id, outcome: "COMPLETED" });
    // Posted: the held money has left (balance down), nothing more is taken (available as held).
    const after = await balances();
    expect(after.availableBalance).toBe(held.availableBalance);
    expect(Number(after.balance)).toBeLessThan(Number(held.balance));
    expect(await historyOf(id)).toMatchObject({ status: "COMPLETED" });
    expect((await list(finance)).json().payments.map((p: { id: string }) => p.id)).not.toContain(id);
    const audit = await t.database.pool.query(
      "select action, reason, changes from operator_audit where target_id = $1 and action = 'payment.ask_again'",
      [id],
    );
    expect(audit.rows).toEqual([
      {
        action: "payment.ask_again",
        reason: reason.reason,
        changes: { outcome: "COMPLETED", effect: "COMPLETED" },
      },
    ]);
    await d.expectInvariants();
  });

  it("asks again and the chain still has no final word: it stays pending, nothing moves", async () => {
    const id = await stuckWithdrawal();
    const held = await balances();
    expect((await act(finance, "ask-again", id, reason)).json().outcome).toBe("STILL_PENDING");
    expect(await balances()).toEqual(held);
  });

  it("fails with a reason: refunded once, a second fail moves nothing, the limit is given back", async () => {
    const before = await balances();
    const id = await stuckWithdrawal();
    const res = await act(finance, "fail", id, { reason: "Lost at the custodian" });
    expect(res.json()).toEqual({ kind: "SEND_TO_WALLET", id, outcome: "FAILED" });
    expect(await balances()).toEqual(before);
    const again = await act(finance, "fail", id, { reason: "Lost at the custodian" });
    expect(again.json().outcome).toBe("ALREADY_FINAL");
    expect(await balances()).toEqual(before);
    expect(await settleOperations(id)).toBe(1);
    const history = (await d.history(alice.token))
      .json()
      .operations.find((o: { operationId: string }) => o.operationId === id);
    expect(history).toMatchObject({ status: "FAILED" });
    expect(history.sendToWalletModel.failureReason).toBe("Lost at the custodian");
    const usage = await t.database.pool.query("select released_at from kyc_usage where reference = $1", [id]);
    expect(usage.rows[0]?.released_at).not.toBeNull();
    // Each fail is audited with the operator's reason and what it came to.
    const audit = await t.database.pool.query(
      `select operator_email, reason, changes from operator_audit
       where target_id = $1 and action = 'payment.fail' order by id`,
      [id],
    );
    expect(audit.rows.map((r) => [r.operator_email, r.reason, r.changes.outcome])).toEqual([
      [finance.email, "Lost at the custodian", "FAILED"],
      [finance.email, "Lost at the custodian", "ALREADY_FINAL"],
    ]);
    await d.expectInvariants();
  });

  it("a fail racing the chain's late notification settles once, whichever wins", async () => {
    const id = await stuckWithdrawal();
    const held = await balances();
    const txHash = (
      await t.database.pool.query<{ tx_hash: string }>(
        "select tx_hash from crypto_withdrawals where id = $1",
        [id],
      )
    ).rows[0]?.tx_hash as string;
    await d.advance(txHash, 2);
    const [failed] = await Promise.all([
      Promise.all(Array.from({ length: 3 }, () => act(finance, "fail", id, reason))),
      d.runChainJobs(), // the tick: the chain's CONFIRMED notification
    ]);
    expect(await settleOperations(id)).toBe(1);
    const outcomes = failed.map((r) => r.json().outcome);
    const after = await balances();
    const status = (await historyOf(id)).status;
    if (status === "FAILED") {
      expect(outcomes.filter((o) => o === "FAILED")).toHaveLength(1);
      expect(after.balance).toBe(held.balance); // refunded: the held amount is free again
      expect(Number(after.availableBalance)).toBeGreaterThan(Number(held.availableBalance));
    } else {
      expect(status).toBe("COMPLETED");
      expect(outcomes).not.toContain("FAILED");
      expect(after.availableBalance).toBe(held.availableBalance); // completed: the money left once
      expect(Number(after.balance)).toBeLessThan(Number(held.balance));
    }
    await d.expectInvariants();
  });
});
