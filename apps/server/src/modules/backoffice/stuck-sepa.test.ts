import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { cryptoDriver } from "../crypto/crypto.test-helpers.ts";
import { ibanDriver } from "../iban/iban.test-helpers.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { type OperatorSession, signInOperator } from "../operators/operators.test-helpers.ts";

// Stuck SEPA transfers out (docs/backoffice.md "Stuck payments"): the bank asked again, or the
// transfer failed by an operator with the rail's own refund, once.
type Customer = { phone: string; token: string; customerId: string };
let t: TestApp;
let api: ReturnType<typeof ibanDriver>;
let d: ReturnType<typeof cryptoDriver>;
type Holder = Customer & { ibanId: string; recipientId: string };
// One holder per test: a withdrawal's SMS code may be asked for once a minute per customer.
let holders: Holder[];
let finance: OperatorSession;
let nimbusFinance: OperatorSession;

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

beforeAll(async () => {
  // Outgoing transfers stay pending until a test moves the bank's clock.
  t = await createTestApp({ BANK_EXECUTION_SECONDS: "600" });
  d = cryptoDriver(t);
  api = ibanDriver(t);
  holders = await Promise.all([1, 2, 3, 4].map(() => holder()));
  [finance, nimbusFinance] = await Promise.all([
    signInOperator(t.app, t.database, "FINANCE", DEMO_MERCHANT_ID),
    signInOperator(t.app, t.database, "FINANCE", NIMBUS_MERCHANT_ID),
  ]);
});
afterAll(() => t.close());

async function holder(): Promise<Holder> {
  const c = await d.verified();
  const iban = await api.issue(c.token);
  await api.transferIn(iban.iban, "200.00");
  await api.runBankJobs();
  const recipient = await api.addRecipient(c.token, {
    name: "Max Mustermann",
    iban: "DE89370400440532013000",
    bic: "COBADEFFXXX",
  });
  return { ...c, ibanId: iban.id, recipientId: recipient.json().id };
}

const act = (s: OperatorSession, action: "ask-again" | "fail", id: string) =>
  t.app.inject({
    method: "POST",
    url: `/admin/v1/stuck-payments/IBAN_WITHDRAW/${id}/${action}`,
    headers: s.headers,
    payload: { reason: "Pending at the bank for two days" },
  });

/** A transfer sent to the bank, then made older than a day (its expected time). */
async function stuckTransfer(h: Holder, amount = "10.00") {
  const res = await api.confirmedWithdraw(h, h.ibanId, { recipientId: h.recipientId, amount });
  expect(res.statusCode, res.body).toBe(200);
  await api.runBankJobs(); // sent; not due for ten minutes
  const id = res.json().transferId as string;
  await t.database.pool.query(
    "update iban_transfers set created_at = now() - interval '2 days' where id = $1",
    [id],
  );
  return id;
}
const settles = async (id: string) =>
  (
    await t.database.pool.query(
      "select count(*)::int as n from ledger_operations where idempotency_key = $1",
      [`bank:out:${id}:settle`],
    )
  ).rows[0]?.n;
const statusOf = async (id: string) =>
  (await t.database.pool.query("select status from iban_transfers where id = $1", [id])).rows[0]?.status;

describe("stuck SEPA transfers", () => {
  it("lists a transfer pending past a day, to its merchant only", async () => {
    const h = holders[0] as Holder;
    const id = await stuckTransfer(h);
    const listed = (
      await t.app.inject({ url: "/admin/v1/stuck-payments?kind=IBAN_WITHDRAW", headers: finance.headers })
    )
      .json()
      .payments.find((p: { id: string }) => p.id === id);
    expect(listed).toMatchObject({
      kind: "IBAN_WITHDRAW",
      customerId: h.customerId,
      amount: "10.00",
      currency: "EUR",
    });
    const elsewhere = await t.app.inject({ url: "/admin/v1/stuck-payments", headers: nimbusFinance.headers });
    expect(elsewhere.json().payments.map((p: { id: string }) => p.id)).not.toContain(id);
    expect((await act(nimbusFinance, "fail", id)).statusCode).toBe(404);
  });

  it("asks the bank again: not due is still pending; executed completes", async () => {
    const h = holders[1] as Holder;
    const id = await stuckTransfer(h);
    expect((await act(finance, "ask-again", id)).json().outcome).toBe("STILL_PENDING");
    await api.bank.executeNow(await api.railIdOf(id)); // the bank executes; its notification waits
    const before = await api.balance(h.token);
    expect((await act(finance, "ask-again", id)).json().outcome).toBe("COMPLETED");
    expect(await statusOf(id)).toBe("COMPLETED");
    const after = await api.balance(h.token);
    expect(after.available).toBe(before.available);
    expect(Number(after.balance)).toBeCloseTo(Number(before.balance) - 11, 2); // amount and fee left
    await d.expectInvariants();
  });

  it("fails with a reason: refunded once, fee included; a second fail moves nothing", async () => {
    const h = holders[2] as Holder;
    const before = await api.balance(h.token);
    const id = await stuckTransfer(h);
    expect((await act(finance, "fail", id)).json().outcome).toBe("FAILED");
    expect(await api.balance(h.token)).toEqual(before);
    expect((await act(finance, "fail", id)).json().outcome).toBe("ALREADY_FINAL");
    expect(await api.balance(h.token)).toEqual(before);
    expect(await settles(id)).toBe(1);
    const items = (await api.history(h.token, h.ibanId)).json().items;
    expect(items.find((i: { id: string }) => i.id === id)).toMatchObject({
      status: "RETURNED",
      returnReason: "Pending at the bank for two days",
    });
    await d.expectInvariants();
  });

  it("a fail racing the bank's late notification settles once", async () => {
    const h = holders[3] as Holder;
    const id = await stuckTransfer(h);
    const held = await api.balance(h.token);
    await api.bank.executeNow(await api.railIdOf(id));
    const [fails] = await Promise.all([
      Promise.all([act(finance, "fail", id), act(finance, "fail", id)]),
      api.runBankJobs(),
    ]);
    expect(await settles(id)).toBe(1);
    const after = await api.balance(h.token);
    if ((await statusOf(id)) === "RETURNED") {
      expect(fails.map((r) => r.json().outcome).filter((o) => o === "FAILED")).toHaveLength(1);
      expect(after.balance).toBe(held.balance);
    } else {
      expect(fails.map((r) => r.json().outcome)).not.toContain("FAILED");
      expect(after.available).toBe(held.available);
    }
    await d.expectInvariants();
  });
});
