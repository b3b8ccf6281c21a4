import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientSourceFromPool } from "../../db/transaction.ts";
import { BILLING, type Customer, cardsDriver } from "../../modules/cards/cards.test-helpers.ts";
import { testClock } from "../../modules/quotes/exchange.test-helpers.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { createCardSecrets } from "./card-secrets.ts";
import {
  type DeliverIssuerCallback,
  ISSUER_CALLBACK_PATH,
  ISSUER_SIGNATURE_HEADER,
} from "./issuer-provider.ts";
import { createSandboxIssuer } from "./sandbox-issuer.ts";

let t: TestApp;
let c: ReturnType<typeof cardsDriver>;
let ada: Customer;
// The issuer's clock, moved by the test; paid orders reach the issuer on the real one.
const clock = testClock();
let issuer: ReturnType<typeof createSandboxIssuer>;
/** Every callback the issuer sent, posted to the server as the worker would. */
const sent: Array<{ rawBody: string; signature: string }> = [];
const post = (rawBody: string, signature: string) =>
  t.app.inject({
    method: "POST",
    url: ISSUER_CALLBACK_PATH,
    headers: { "content-type": "application/json", [ISSUER_SIGNATURE_HEADER]: signature },
    payload: rawBody,
  });
const deliver: DeliverIssuerCallback = async (rawBody, signature) => {
  sent.push({ rawBody, signature });
  return { status: (await post(rawBody, signature)).statusCode };
};

beforeAll(async () => {
  t = await createTestApp();
  c = cardsDriver(t);
  ada = await c.d.verified();
  expect((await c.d.faucet(ada.phone, "USDT", "500")).statusCode).toBe(200);
  issuer = createSandboxIssuer({
    db: clientSourceFromPool(t.database.pool),
    secrets: createCardSecrets(t.config.cardDataKeys),
    callbackSecret: t.config.secrets.callback,
    issueSeconds: t.config.cardIssueSeconds,
    shippingStepSeconds: t.config.cardShippingStepSeconds,
    now: clock.now,
  });
});
afterAll(() => t.close());

const cardOf = async (id: string) =>
  (await c.list(ada, "CP_2")).cards.find((x: { cardRequestId: string }) => x.cardRequestId === id);

describe("the sandbox issuer", () => {
  it("issues and ships a plastic card on its own clock, a step only when it is due", async () => {
    const { id } = await c.paidOrder(ada, "PLASTIC", "USDT", "CP_2");
    expect(await issuer.step(id, deliver)).toBe("ORDER_RECEIVED");
    clock.advance(t.config.cardIssueSeconds);
    expect(await issuer.step(id, deliver)).toBe("ORDER_PENDING");
    expect(await issuer.step(id, deliver)).toBe("ORDER_PENDING");
    clock.advance(t.config.cardShippingStepSeconds);
    expect(await issuer.step(id, deliver)).toBe("ORDERED");
    expect(await cardOf(id)).toMatchObject({ deliveryState: "ORDERED", displayStatus: "PROGRESS" });
    clock.advance(t.config.cardShippingStepSeconds);
    expect(await issuer.step(id, deliver)).toBe("IN_DELIVERY");
    expect(await cardOf(id)).toMatchObject({ deliveryState: "IN_DELIVERY", displayStatus: "READY" });
    expect(await c.lastCode(ada.phone)).toMatch(/^\d{6}$/);
  });

  it("acts once on a repeated callback: one card, its trip only forward", async () => {
    const { id } = await c.paidOrder(ada, "PLASTIC", "USDT", "CP_2");
    const from = sent.length;
    expect(await issuer.step(id, deliver, true)).toBe("ORDER_PENDING");
    const issued = sent[from];
    if (!issued) throw new Error("no issued callback");
    expect(await issuer.step(id, deliver, true)).toBe("ORDERED");
    for (const res of [
      await post(issued.rawBody, issued.signature),
      await post(issued.rawBody, issued.signature),
    ]) {
      expect(res.statusCode, res.body).toBe(200);
    }
    const { rows } = await t.database.pool.query<{ n: string }>(
      "select count(*) as n from cards where request_id = $1",
      [id],
    );
    expect(rows[0]?.n).toBe("1");
    expect(await cardOf(id)).toMatchObject({ deliveryState: "ORDERED" });
  });

  it('sends a parcel to shipping city "Lost" to SUPPORT, with no code mailed', async () => {
    const bea = await c.d.verified();
    expect((await c.d.faucet(bea.phone, "USDT", "100")).statusCode).toBe(200);
    const { id } = await c.paidOrder(bea, "PLASTIC", "USDT", "CP_2", { ...BILLING, city: "Lost" });
    const states = [];
    for (let i = 0; i < 3; i++) states.push(await issuer.step(id, deliver, true));
    expect(states).toEqual(["ORDER_PENDING", "ORDERED", "SUPPORT"]);
    // SUPPORT is the end of the trip: the clock has nothing more to do.
    expect(await issuer.step(id, deliver, true)).toBe("SUPPORT");
    const card = (await c.list(bea, "CP_2")).cards.find(
      (x: { cardRequestId: string }) => x.cardRequestId === id,
    );
    expect(card).toMatchObject({ status: "SUPPORT", deliveryState: "SUPPORT", displayStatus: "ACTION" });
    await expect(c.lastCode(bea.phone)).rejects.toThrow("no activation code");
  });
});
