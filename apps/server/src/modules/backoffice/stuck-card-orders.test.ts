import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientSourceFromPool } from "../../db/transaction.ts";
import { createCardSecrets } from "../../providers/issuer/card-secrets.ts";
import { createSandboxIssuer } from "../../providers/issuer/sandbox-issuer.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { type Customer, cardsDriver } from "../cards/cards.test-helpers.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { type OperatorSession, signInOperator } from "../operators/operators.test-helpers.ts";

// Stuck card orders (docs/backoffice.md "Stuck payments"): paid, not issued past an hour. The
// issuer asked again records the card it issued; a fail withdraws the order and refunds once.
let t: TestApp;
let c: ReturnType<typeof cardsDriver>;
let alice: Customer;
let finance: OperatorSession;
let nimbusFinance: OperatorSession;

beforeAll(async () => {
  t = await createTestApp();
  c = cardsDriver(t);
  alice = await c.d.verified();
  expect((await c.d.faucet(alice.phone, "USDT", "500")).statusCode).toBe(200);
  [finance, nimbusFinance] = await Promise.all([
    signInOperator(t.app, t.database, "FINANCE", DEMO_MERCHANT_ID),
    signInOperator(t.app, t.database, "FINANCE", NIMBUS_MERCHANT_ID),
  ]);
});
afterAll(() => t.close());

const act = (action: "ask-again" | "fail", id: string, s = finance) =>
  t.app.inject({
    method: "POST",
    url: `/admin/v1/stuck-payments/CARD_ORDER/${id}/${action}`,
    headers: s.headers,
    payload: { reason: "The issuer has not issued it for hours" },
  });
const usdt = async () => (await c.d.wallet(alice.token, "USDT")).balance;
const refunds = async (id: string) =>
  (
    await t.database.pool.query(
      "select count(*)::int as n from ledger_operations where idempotency_key = $1",
      [`card-request:${id}:refund`],
    )
  ).rows[0]?.n;

/** A virtual card order paid an hour and a half ago, the issuer not heard from. */
async function stuckOrder() {
  const { id } = await c.paidOrder(alice, "VIRTUAL", "USDT");
  await t.database.pool.query(
    "update card_requests set updated_at = now() - interval '90 minutes' where id = $1",
    [id],
  );
  return id;
}

describe("stuck card orders", () => {
  it("lists a paid order past an hour; asking the issuer again records the card it issued", async () => {
    const id = await stuckOrder();
    const list = await t.app.inject({
      url: "/admin/v1/stuck-payments?kind=CARD_ORDER",
      headers: finance.headers,
    });
    expect(list.json().payments.find((p: { id: string }) => p.id === id)).toMatchObject({
      kind: "CARD_ORDER",
      customerId: alice.customerId,
      currency: "USDT",
    });
    expect((await act("ask-again", id)).json().outcome).toBe("NO_ANSWER"); // not issued yet
    expect((await act("ask-again", id, nimbusFinance)).statusCode).toBe(404);
    // The issuer issues; its callback is lost on the way.
    const issuer = createSandboxIssuer({
      db: clientSourceFromPool(t.database.pool),
      secrets: createCardSecrets(t.config.cardDataKeys),
      callbackSecret: t.config.secrets.callback,
      issueSeconds: 0,
      shippingStepSeconds: 3600,
    });
    await issuer.step(id, async () => ({ status: 200 }), true);
    expect((await act("ask-again", id)).json().outcome).toBe("COMPLETED");
    expect((await c.list(alice)).cards.some((k: { cardRequestId: string }) => k.cardRequestId === id)).toBe(
      true,
    );
    expect((await act("fail", id)).json().outcome).toBe("ALREADY_FINAL"); // issued: nothing refunded
    expect(await refunds(id)).toBe(0);
  });

  it("fails with a reason: withdrawn from the issuer, refunded once; a second fail moves nothing", async () => {
    const before = await usdt();
    const id = await stuckOrder();
    expect(await usdt()).not.toBe(before);
    expect((await act("fail", id)).json().outcome).toBe("FAILED");
    expect(await usdt()).toBe(before);
    expect((await act("fail", id)).json().outcome).toBe("ALREADY_FINAL");
    expect(await usdt()).toBe(before);
    expect(await refunds(id)).toBe(1);
    expect((await c.advance(id)).json().state).toBe("CANCELLED"); // the issuer never issues it
    await c.d.expectInvariants();
  });

  it("a fail racing the issuer's issue: a card or a refund, never both", async () => {
    const before = await usdt();
    const id = await stuckOrder();
    const [fails] = await Promise.all([Promise.all([act("fail", id), act("fail", id)]), c.advance(id)]);
    const outcomes = fails.map((r) => r.json().outcome);
    const issued = (await c.list(alice)).cards.some((k: { cardRequestId: string }) => k.cardRequestId === id);
    if (issued) {
      expect(outcomes).not.toContain("FAILED");
      expect(await refunds(id)).toBe(0);
    } else {
      expect(outcomes.filter((o) => o === "FAILED")).toHaveLength(1);
      expect(await refunds(id)).toBe(1);
      expect(await usdt()).toBe(before);
    }
    await c.d.expectInvariants();
  });
});
