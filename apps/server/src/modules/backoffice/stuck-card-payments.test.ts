import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS, CARDS, type CardTest, cardTestApp } from "../acquiring/acquiring.test-helpers.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { type OperatorSession, signInOperator } from "../operators/operators.test-helpers.ts";

// Stuck card payouts and pay-ins (docs/backoffice.md "Stuck payments"): the acquirer asked
// again (its answer applied as its callback would be), or failed by an operator under the
// payment's lock, once, whatever callback comes late.
type Customer = { phone: string; token: string; customerId: string };
let x: CardTest;
let alice: Customer;
let finance: OperatorSession;
let nimbusFinance: OperatorSession;

beforeAll(async () => {
  x = await cardTestApp();
  alice = await x.d.verified();
  expect((await x.faucet(alice.phone, "USDT", "200")).statusCode).toBe(200);
  [finance, nimbusFinance] = await Promise.all([
    signInOperator(x.t.app, x.t.database, "FINANCE", DEMO_MERCHANT_ID),
    signInOperator(x.t.app, x.t.database, "FINANCE", NIMBUS_MERCHANT_ID),
  ]);
});
afterAll(() => x.t.close());

const act = (action: "ask-again" | "fail", kind: string, id: string, s = finance) =>
  x.t.app.inject({
    method: "POST",
    url: `/admin/v1/stuck-payments/${kind}/${id}/${action}`,
    headers: s.headers,
    payload: { reason: "No answer from the acquirer for hours" },
  });
const listed = async (kind: string) =>
  (await x.t.app.inject({ url: `/admin/v1/stuck-payments?kind=${kind}`, headers: finance.headers }))
    .json()
    .payments.map((p: { id: string }) => p.id);
const usdt = async () => {
  const w = await x.d.wallet(alice.token, "USDT");
  return { balance: w.balance, available: w.availableBalance };
};
/** The payment's last step made older than any expected time. */
const age = (id: string) =>
  x.t.database.pool.query("update card_payments set updated_at = now() - interval '3 hours' where id = $1", [
    id,
  ]);

/** A payout paid (money reserved) whose callbacks the worker has not delivered. */
async function stuckPayout(amount = "10") {
  const card = await x.addPayoutCard(alice.token, CARDS.frictionless, { billingAddress: ADDRESS });
  const offer = (await x.payoutOffer(alice.token, card.json().cardId, amount)).json();
  const pay = await x.payoutPay(alice.token, offer.offerId);
  expect(pay.json().status).toBe("PENDING");
  const id = (
    await x.t.database.pool.query<{ id: string }>("select id from card_payments where offer_id = $1", [
      offer.offerId,
    ])
  ).rows[0]?.id as string;
  await age(id);
  return id;
}

describe("stuck card payouts", () => {
  it("lists one past an hour; asks the acquirer again and it completes; the late callback moves nothing", async () => {
    const before = await usdt();
    const id = await stuckPayout();
    expect(await listed("PAYOUT_CARD")).toContain(id);
    expect((await act("ask-again", "PAYOUT_CARD", id, nimbusFinance)).statusCode).toBe(404);
    expect((await act("fail", "PAYIN_CARD", id)).statusCode).toBe(404); // a payout named as a pay-in
    expect((await act("ask-again", "PAYOUT_CARD", id)).json()).toEqual({
      kind: "PAYOUT_CARD",
      id,
      outcome: "COMPLETED",
    });
    expect(await listed("PAYOUT_CARD")).not.toContain(id);
    expect(await x.runCallbacks()).toEqual(["DUPLICATE"]);
    const after = await usdt();
    expect(Number(before.balance) - Number(after.balance)).toBeCloseTo(10, 6);
    expect(after.available).toBe(after.balance);
    await x.d.expectInvariants();
  });

  it("fails with a reason: the reservation voided once; again, and the acquirer's late PAID, move nothing", async () => {
    const before = await usdt();
    const id = await stuckPayout();
    expect((await act("fail", "PAYOUT_CARD", id)).json().outcome).toBe("FAILED");
    expect(await usdt()).toEqual(before);
    expect((await act("fail", "PAYOUT_CARD", id)).json().outcome).toBe("ALREADY_FINAL");
    expect(await x.runCallbacks()).toEqual(["STALE"]);
    expect(await usdt()).toEqual(before);
    const row = (await x.d.history(alice.token, "typeFilter=PAYOUT_CARD")).json().operations[0];
    expect(row).toMatchObject({ status: "FAILED" });
    await x.d.expectInvariants();
  });

  it("concurrent fails and the acquirer's callback: one outcome, the money once", async () => {
    const before = await usdt();
    const id = await stuckPayout();
    const [fails] = await Promise.all([
      Promise.all([act("fail", "PAYOUT_CARD", id), act("fail", "PAYOUT_CARD", id)]),
      x.runCallbacks(),
    ]);
    const status = (await x.t.database.pool.query("select status from card_payments where id = $1", [id]))
      .rows[0]?.status;
    const after = await usdt();
    if (status === "FAILED") {
      expect(fails.map((r) => r.json().outcome).filter((o) => o === "FAILED")).toHaveLength(1);
      expect(after).toEqual(before);
    } else {
      expect(status).toBe("SUCCESS");
      expect(fails.map((r) => r.json().outcome)).toEqual(["ALREADY_FINAL", "ALREADY_FINAL"]);
      expect(Number(before.balance) - Number(after.balance)).toBeCloseTo(10, 6);
    }
    await x.d.expectInvariants();
  });
});

describe("stuck card pay-ins", () => {
  async function stuckPayin() {
    const card = await x.addPayinCard(alice.token, CARDS.frictionless);
    const offer = (await x.payinOffer(alice.token, card.json().cardId, "30")).json();
    const pay = await x.payinPay(alice.token, offer.offerId);
    expect(pay.statusCode, pay.body).toBe(200);
    const id = (
      await x.t.database.pool.query<{ id: string }>("select id from card_payments where offer_id = $1", [
        offer.offerId,
      ])
    ).rows[0]?.id as string;
    await age(id);
    return id;
  }

  it("asks the acquirer again: authorised (capture asked), then captured and credited once", async () => {
    const before = await usdt();
    const id = await stuckPayin();
    expect(await listed("PAYIN_CARD")).toContain(id);
    expect((await act("ask-again", "PAYIN_CARD", id)).json().outcome).toBe("STILL_PENDING");
    expect((await act("ask-again", "PAYIN_CARD", id)).json().outcome).toBe("COMPLETED");
    const credited = await usdt();
    expect(Number(credited.balance)).toBeGreaterThan(Number(before.balance));
    expect(await x.runCallbacks()).toEqual(["DUPLICATE", "DUPLICATE"]);
    expect(await usdt()).toEqual(credited);
    await x.d.expectInvariants();
  });

  it("fails with a reason: nothing had moved, nothing moves; the acquirer's late capture is stale", async () => {
    const before = await usdt();
    const id = await stuckPayin();
    expect((await act("fail", "PAYIN_CARD", id)).json().outcome).toBe("FAILED");
    expect((await act("fail", "PAYIN_CARD", id)).json().outcome).toBe("ALREADY_FINAL");
    expect(await x.runCallbacks()).toEqual(["STALE"]);
    expect(await usdt()).toEqual(before);
    await x.d.expectInvariants();
  });
});
