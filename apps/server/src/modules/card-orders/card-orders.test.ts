import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdRowLock } from "../../db/test-database.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { BILLING, type Customer, cardsDriver, PERSONAL_INFO } from "../cards/cards.test-helpers.ts";
import { setFeatureFlags } from "../merchants/feature-flags.test-helpers.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { signInOperator } from "../operators/operators.test-helpers.ts";

let t: TestApp;
let c: ReturnType<typeof cardsDriver>;
let alice: Customer;
let bob: Customer;

const usdt = async (who: Customer) => (await c.d.wallet(who.token, "USDT")).balance;

beforeAll(async () => {
  t = await createTestApp();
  c = cardsDriver(t);
  // Before any call reads the catalog (it caches a few seconds): Nimbus pauses card payment only.
  await t.database.pool.query(
    `update merchant_operations set operation_constraint = 'MAINTENANCE'
     where merchant_id = $1 and operation_type = 'PAY_FOR_CARD'`,
    [NIMBUS_MERCHANT_ID],
  );
  [alice, bob] = await Promise.all([c.d.verified(), c.d.verified()]);
  expect((await c.d.faucet(alice.phone, "USDT", "500")).statusCode).toBe(200);
  expect((await c.d.faucet(bob.phone, "USDT", "500")).statusCode).toBe(200);
});
afterAll(() => t.close());

describe("programs and prices", () => {
  it("lists the program's name, forms with price, delivery, plan and fees", async () => {
    const res = await c.call(alice, "GET", "/v2/card/prices?cp=CP_2");
    expect(res.statusCode, res.body).toBe(200);
    // The merchant's configured name and description (merchants.card_programs), not the code.
    expect(res.json()).toMatchObject({
      cardProgram: "CP_2",
      name: "Kestrel Travel",
      description: "A second card with its own balance, for trips and subscriptions.",
    });
    const plastic = res.json().prices.find((p: { cardType: string }) => p.cardType === "PLASTIC");
    expect(plastic).toMatchObject({
      currency: "EUR",
      price: "25.00",
      delivery: "10.00",
      plan: "FLEX_WEEKLY",
    });
    expect(plastic.fees).toEqual({ clientMarkUpFee: "1.50", supplierFee: "0.50", vaultFee: "0.50" });
    expect(res.json().designs.map((d: { colour: string }) => d.colour)).toEqual([
      "BLACK",
      "BLUE",
      "ORANGE",
      "PURPLE",
      "GOLD",
    ]);
  });

  it("refuses an unknown program (400 naming cp) and one the merchant lacks (403 with the reason)", async () => {
    const bad = await c.call(alice, "GET", "/v2/card/prices?cp=CP_9");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("cp");
    const nimbus = await c.d.verified(NIMBUS_MERCHANT_ID);
    for (const url of [
      "/v2/card/prices?cp=CP_2",
      "/v2/card/list?cp=CP_2",
      "/v3/card/additional-personal-info/constants?cp=CP_2",
      "/v2/card/card-requests/country/plastic-delivery?cp=CP_2",
      "/v2/card/rsa-public-key?cp=CP_2",
    ]) {
      const res = await c.call(nimbus, "GET", url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: "CARD_PROGRAM_NOT_ALLOWED", field: "cp" });
      expect(res.json().message).toContain("CP_2");
    }
    const create = await c.create(nimbus, "VIRTUAL", "CP_2");
    expect(create.statusCode).toBe(403);
    expect((await c.create(nimbus, "VIRTUAL", "CP_1")).statusCode).toBe(200);
  });

  it("refuses a form the merchant lacks (403): plastic without the delivery flag", async () => {
    const pool = t.database.pool;
    const { rows } = await pool.query<{ allowed: string[] }>(
      "select allowed from merchant_feature_flags where merchant_id = $1",
      [NIMBUS_MERCHANT_ID],
    );
    const allowed = rows[0]?.allowed ?? [];
    const dave = await c.d.verified(NIMBUS_MERCHANT_ID);
    // The prices list the forms the merchant offers: PLASTIC goes with its delivery flag.
    const plasticOffered = async () =>
      (await c.call(dave, "GET", "/v2/card/prices?cp=CP_1"))
        .json()
        .prices.some((p: { cardType: string }) => p.cardType === "PLASTIC");
    await setFeatureFlags(
      pool,
      NIMBUS_MERCHANT_ID,
      { allowed: allowed.filter((f) => f !== "CP_1_PLASTIC_DELIVERY") },
      async () => !(await plasticOffered()),
    );
    try {
      const res = await c.create(dave, "PLASTIC", "CP_1");
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: "CARD_TYPE_NOT_ALLOWED", field: "cardType" });
    } finally {
      await setFeatureFlags(pool, NIMBUS_MERCHANT_ID, { allowed }, plasticOffered);
    }
  });

  it("pausing payment (PAY_FOR_CARD) leaves ordering (CARD_ORDER) open", async () => {
    const carol = await c.d.verified(NIMBUS_MERCHANT_ID);
    const id = (await c.create(carol, "VIRTUAL")).json().id;
    await c.fillOrder(carol, id);
    for (const res of [
      await c.call(carol, "GET", `/v2/card/card-requests/${id}/price/USDT`),
      await c.offer(carol, id, "USDT"),
    ]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ error: "OPERATION_MAINTENANCE", data: { reason: "MAINTENANCE" } });
    }
    expect((await c.cancel(carol, id)).statusCode).toBe(200);
  });
});

describe("order steps", () => {
  it("takes the billing address's cardholder (spec §7) and keeps it off the shipping label", async () => {
    const id = (await c.create(alice, "VIRTUAL")).json().id;
    await c.fillOrder(alice, id, "CP_1", { ...BILLING, cardholder: "Ada Lovelace" });
    const price = await c.call(alice, "GET", `/v2/card/card-requests/${id}/price/USDT?cp=CP_1`);
    expect(price.json().address).toMatchObject({ ...BILLING, cardholder: "Ada Lovelace" });
    const plastic = (await c.create(alice, "PLASTIC", "CP_2")).json().id;
    await c.fillOrder(alice, plastic, "CP_2", { ...BILLING, cardholder: "Ada Lovelace" });
    const shipping = (
      await c.call(alice, "GET", `/v2/card/card-requests/${plastic}/price/USDT?cp=CP_2`)
    ).json();
    expect(shipping.address).toMatchObject(BILLING);
    expect(shipping.address).not.toHaveProperty("cardholder");
    expect((await c.cancel(alice, id)).statusCode).toBe(200);
    expect((await c.cancel(alice, plastic, "CP_2")).statusCode).toBe(200);
  });

  it("names the bad field of every step (400) and changes nothing", async () => {
    expect(
      (await c.call(alice, "POST", "/v2/card/card-requests", { cardType: "METAL", cardDesignId: 1 })).json()
        .field,
    ).toBe("cardType");
    expect(
      (await c.call(alice, "POST", "/v2/card/card-requests", { cardType: "VIRTUAL", cardDesignId: 9 })).json()
        .field,
    ).toBe("cardDesignId");
    const id = (await c.create(alice, "PLASTIC", "CP_2")).json().id;
    const bad = [
      [
        "PUT",
        `/v3/card/card-requests/${id}/address?cp=CP_2`,
        { billingAddress: { ...BILLING, country: "Germany" } },
        "billingAddress.country",
      ],
      [
        "PUT",
        `/v3/card/card-requests/${id}/address?cp=CP_2`,
        { billingAddress: { ...BILLING, country: "US" } },
        "billingAddress.country",
      ],
      ["PUT", `/v2/card/card-requests/${id}/address?cp=CP_2`, { ...BILLING, documentCountry: "DE" }, "state"],
      [
        "PUT",
        `/v2/card/card-requests/${id}/cardholder-name?cp=CP_2`,
        { firstName: "Аda", lastName: "L" },
        "firstName",
      ],
      [
        "POST",
        "/v3/card/additional-personal-info?cp=CP_2",
        { ...PERSONAL_INFO, incomeSources: [] },
        "incomeSources",
      ],
      [
        "POST",
        "/v3/card/additional-personal-info?cp=CP_2",
        { ...PERSONAL_INFO, estimatedMonthlyTurnoverRange: "lots" },
        "estimatedMonthlyTurnoverRange",
      ],
      ["GET", `/v2/card/card-requests/${id}/price/usdt?cp=CP_2`, undefined, "currency"],
      ["GET", `/v2/card/card-requests/not-a-uuid/price/USDT?cp=CP_2`, undefined, "id"],
    ] as const;
    for (const [method, url, body, field] of bad) {
      const res = await c.call(alice, method, url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const order = (await c.list(alice, "CP_2")).cards.find(
      (x: { cardRequestId: string }) => x.cardRequestId === id,
    );
    expect(order.additionalStatuses).toEqual(
      expect.arrayContaining(["ADDRESS", "SHIPPING_ADDRESS", "CARDHOLDER_NAME", "PAID"]),
    );
    expect(order).toMatchObject({ status: "COLLECTION", displayStatus: "ACTION", id: null });
    // Paying before the steps are done is refused with the steps still open.
    const early = await c.offer(alice, id, "USDT", "CP_2");
    expect(early.statusCode).toBe(409);
    expect(early.json().data.steps).toContain("ADDRESS");
    expect((await c.cancel(alice, id, "CP_2")).statusCode).toBe(200);
  });

  it("names the field of a bad cancel, offer, confirm (no Idempotency-Key) and activation (no keyId)", async () => {
    const sealed = await c.sealed(alice, "123456");
    const bad = [
      [c.cancel(alice, "not-a-uuid"), "id"],
      [c.offer(alice, "not-a-uuid", "USDT"), "id"],
      [
        c.call(
          alice,
          "POST",
          "/v2/card/card-requests/payment-offer/01900000-0000-7000-8000-000000000000/confirm",
        ),
        "Idempotency-Key",
      ],
      [c.call(alice, "POST", "/v2/card/virtual/activate", { passCode: sealed.passCode }), "keyId"],
      [c.call(alice, "POST", "/v2/card/plastic/activate", { keyId: sealed.keyId }), "passCode"],
    ] as const;
    for (const [call, field] of bad) {
      const res = await call;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });

  it("saves the v2 (residence) address, and a plastic card ships there", async () => {
    const id = (await c.create(bob, "PLASTIC", "CP_2")).json().id;
    const res = await c.call(bob, "PUT", `/v2/card/card-requests/${id}/address?cp=CP_2`, {
      ...BILLING,
      documentCountry: "DE",
      state: "Berlin",
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = (await c.list(bob, "CP_2")).cards.find(
      (x: { cardRequestId: string }) => x.cardRequestId === id,
    );
    expect(order.additionalStatuses).not.toContain("ADDRESS");
    expect(order.additionalStatuses).not.toContain("SHIPPING_ADDRESS");
    expect((await c.cancel(bob, id, "CP_2")).statusCode).toBe(200);
  });

  it("resumes where the order stopped and knows the constants and delivery countries", async () => {
    const id = (await c.create(bob, "VIRTUAL")).json().id;
    expect((await c.create(bob, "VIRTUAL")).json().error).toBe("CARD_ORDER_EXISTS");
    const before = (await c.list(bob)).cards.find((x: { cardRequestId: string }) => x.cardRequestId === id);
    expect(before.step).toBe("INFORMATION");
    await c.fillOrder(bob, id);
    const after = (await c.list(bob)).cards.find((x: { cardRequestId: string }) => x.cardRequestId === id);
    expect(after).toMatchObject({ step: "CHECKOUT", additionalStatuses: ["PAID"] });
    const constants = (await c.call(bob, "GET", "/v3/card/additional-personal-info/constants")).json();
    expect(constants.incomeSource).toContain("social_benefits");
    expect(constants.estimatedMonthlyTurnoverRange).toContain("50001-99999");
    const countries = (await c.call(bob, "GET", "/v2/card/card-requests/country/plastic-delivery")).json()
      .countries;
    expect(countries).toHaveLength(27);
    expect((await c.call(bob, "GET", "/v3/card/additional-personal-info")).json()).toMatchObject({
      filled: true,
      isUsRelated: false,
    });
    expect((await c.cancel(bob, id)).statusCode).toBe(200);
  });
});

describe("cancel", () => {
  it("refunds a paid order once, whatever is retried", async () => {
    const before = await usdt(bob);
    const { id } = await c.paidOrder(bob, "VIRTUAL", "USDT");
    expect(await usdt(bob)).not.toBe(before);
    const cancels = await Promise.all([c.cancel(bob, id), c.cancel(bob, id), c.cancel(bob, id)]);
    for (const res of cancels) expect(res.statusCode, res.body).toBe(200);
    expect(await usdt(bob)).toBe(before);
    expect((await c.cancel(bob, id)).json().refunded).toEqual(cancels[0]?.json().refunded);
    expect(await usdt(bob)).toBe(before);
    // The issuer never issues a withdrawn order.
    expect((await c.advance(id)).json().state).toBe("CANCELLED");
    expect((await c.list(bob)).cards.some((x: { cardRequestId: string }) => x.cardRequestId === id)).toBe(
      false,
    );
  });
});

/** The order's row locked by the test, as a concurrent confirm or cancel holds it. */
const holdRequest = (id: string) =>
  holdRowLock(t.database.pool, "select 1 from card_requests where id = $1 for update", [id]);

describe("an order changed while it is paid or cancelled", () => {
  it("a confirm of an offer the order no longer points to is refused OFFER_CHANGED, nothing paid", async () => {
    const id = (await c.create(alice, "VIRTUAL")).json().id;
    await c.fillOrder(alice, id);
    const offer = (await c.offer(alice, id, "USDT")).json();
    const before = await usdt(alice);
    const held = await holdRequest(id);
    const paying = c.confirm(alice, offer.offerId, c.nextKey());
    await held.waiters(1);
    // What a new price offer for the order does meanwhile: the order points elsewhere.
    await held.run("update card_requests set payment_offer_id = null where id = $1", [id]);
    await held.commit();
    const res = await paying;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: "OFFER_CHANGED", field: "id" });
    expect(await usdt(alice)).toBe(before);
    const { rows } = await t.database.pool.query("select status from card_requests where id = $1", [id]);
    expect(rows).toEqual([{ status: "OPEN" }]);
  });

  it("a cancel that read the order unpaid, then found it paid, asks for a retry; the retry refunds", async () => {
    const before = await usdt(bob);
    const id = (await c.create(bob, "VIRTUAL")).json().id;
    await c.fillOrder(bob, id);
    const offer = (await c.offer(bob, id, "USDT")).json();
    const held = await holdRequest(id);
    const paying = c.confirm(bob, offer.offerId, c.nextKey());
    await held.waiters(1);
    const cancelling = c.cancel(bob, id); // reads the order OPEN, then waits behind the confirm
    await held.waiters(2);
    await held.commit();
    expect((await paying).statusCode).toBe(200);
    const cancelled = await cancelling;
    expect(cancelled.statusCode, cancelled.body).toBe(409);
    expect(cancelled.json()).toMatchObject({ error: "CARD_REQUEST_CHANGED", field: "id" });
    const retry = await c.cancel(bob, id);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().refunded).toEqual(offer.cryptoPrice);
    expect(await usdt(bob)).toBe(before);
  });
});

describe("the ledger after every order", () => {
  it("leaves the ledger's invariants whole", async () => {
    await c.d.expectInvariants();
  });

  // Issue 49: after one normal card order Reports showed "Card issuer EUR differs -5.00": the
  // ledger credits the card's price to issuer_settlement, the sandbox issuer kept no price.
  it("leaves the card issuer's book equal to the ledger's: paid, issued and withdrawn orders", async () => {
    const carol = await c.d.verified();
    expect((await c.d.faucet(carol.phone, "USDT", "500")).statusCode).toBe(200);
    const { id } = await c.paidOrder(carol, "VIRTUAL", "USDT");
    expect((await c.advance(id)).statusCode).toBe(200);
    const platform = await signInOperator(t.app, t.database, "PLATFORM_ADMIN", null);
    const res = await t.app.inject({
      url: "/admin/v1/reports/reconciliation",
      headers: { ...platform.headers, "x-merchant-id": DEMO_MERCHANT_ID },
    });
    expect(res.statusCode, res.body).toBe(200);
    const issuer = (
      res.json().rows as { provider: string; ledgerBalance: string; matches: boolean }[]
    ).filter((r) => r.provider === "ISSUER");
    expect(issuer.length).toBeGreaterThan(0);
    expect(
      issuer.every((r) => r.matches && Number(r.ledgerBalance) > 0),
      JSON.stringify(issuer),
    ).toBe(true);
  });
});
