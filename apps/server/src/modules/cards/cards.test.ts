import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCardSecrets } from "../../providers/issuer/card-secrets.ts";
import { ISSUER_CALLBACK_PATH, ISSUER_SIGNATURE_HEADER } from "../../providers/issuer/issuer-provider.ts";
import { isLuhnValid } from "../../providers/issuer/luhn.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { BILLING, type Customer, cardsDriver } from "./cards.test-helpers.ts";

// An issued card's life through the sandbox issuer: paid orders issued, shipped, activated.
// Ordering and paying itself: card-orders/card-orders.test.ts.
let t: TestApp;
let c: ReturnType<typeof cardsDriver>;
let alice: Customer;
let bob: Customer;

const usdt = async (who: Customer) => (await c.d.wallet(who.token, "USDT")).balance;

beforeAll(async () => {
  t = await createTestApp();
  c = cardsDriver(t);
  alice = await c.d.verified();
  bob = await c.d.verified();
  expect((await c.d.faucet(alice.phone, "USDT", "500")).statusCode).toBe(200);
  expect((await c.d.faucet(bob.phone, "USDT", "500")).statusCode).toBe(200);
});
afterAll(() => t.close());

describe("a virtual card, paid in USDT", () => {
  it("prices, pays once, is issued and activated with the code sent by the issuer", async () => {
    const id = (await c.create(alice, "VIRTUAL")).json().id;
    await c.fillOrder(alice, id);
    const price = await c.call(
      alice,
      "GET",
      `/v2/card/card-requests/${id}/price/USDT?cp=CP_1&promoCode=welcome10`,
    );
    expect(price.statusCode, price.body).toBe(200);
    expect(price.json()).toMatchObject({
      fiatPrice: { value: "4.50", currency: "EUR" },
      promoCode: "WELCOME10",
    });
    const badPromo = await c.call(alice, "GET", `/v2/card/card-requests/${id}/price/USDT?promoCode=NOPE`);
    expect(badPromo.json()).toMatchObject({ error: "PROMO_CODE_NOT_VALID", field: "promoCode" });
    const before = await usdt(alice);
    const offer = (await c.offer(alice, id, "USDT")).json();
    expect(offer.fiatPrice).toEqual({ value: "5.00", currency: "EUR" });
    const key = c.nextKey();
    const paid = await c.confirm(alice, offer.offerId, key);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: "PAID", cardRequestId: id, cryptoPrice: offer.cryptoPrice });
    const again = await c.confirm(alice, offer.offerId, key);
    expect(again.json()).toEqual(paid.json());
    expect((await c.confirm(alice, offer.offerId, c.nextKey())).json().error).toBe("OFFER_ALREADY_EXECUTED");
    const spent = Number(before) - Number(await usdt(alice));
    expect(spent.toFixed(6)).toBe(Number(offer.cryptoPrice.value).toFixed(6));
    let card = (await c.list(alice)).cards.find((x: { cardRequestId: string }) => x.cardRequestId === id);
    expect(card).toMatchObject({ status: "IN_PROGRESS", displayStatus: "PROGRESS", additionalStatuses: [] });

    expect((await c.advance(id)).json().state).toBe("ISSUED");
    card = (await c.list(alice)).cards.find((x: { cardRequestId: string }) => x.cardRequestId === id);
    expect(card).toMatchObject({
      status: "ACTIVATION",
      displayStatus: "READY",
      cardholderName: "ADA LOVELACE",
    });
    expect(card.number).toMatch(/^•••• •••• •••• \d{4}$/);
    expect(card.fees).toEqual({ clientMarkUpFee: "1.00", supplierFee: "0.50", vaultFee: "0.25" });

    const cancelIssued = await c.cancel(alice, id);
    expect(cancelIssued.statusCode).toBe(409);
    expect(cancelIssued.json().error).toBe("CARD_ALREADY_ISSUED");

    const wrong = await c.call(alice, "POST", "/v2/card/virtual/activate", await c.sealed(alice, "000000"));
    expect(wrong.json()).toMatchObject({ error: "ACTIVATION_CODE_NOT_VALID", field: "passCode" });
    const unreadable = await c.call(alice, "POST", "/v2/card/virtual/activate", {
      keyId: (await c.sealed(alice, "1")).keyId,
      passCode: Buffer.from("not encrypted at all").toString("base64"),
    });
    expect(unreadable.json()).toMatchObject({ error: "PASSCODE_NOT_READABLE", field: "passCode" });
    const activated = await c.call(
      alice,
      "POST",
      "/v2/card/virtual/activate",
      await c.sealed(alice, await c.lastCode(alice.phone)),
    );
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ id: card.id, status: "ACTIVE", displayStatus: "ACTIVE" });

    const history = (await c.d.history(alice.token, "size=50")).json();
    const rows = history.items ?? history.operations ?? history;
    expect(JSON.stringify(rows)).toContain("CARD_ORDER");
  });

  it("keeps other customers out (404) of requests, offers and cards", async () => {
    const { id, offer } = await c.paidOrder(bob, "VIRTUAL", "USDT");
    await c.advance(id);
    const card = (await c.list(bob)).cards.find((x: { cardRequestId: string }) => x.cardRequestId === id);
    const bobOpen = (await c.create(bob, "PLASTIC", "CP_2")).json().id;
    expect(
      (await c.call(alice, "GET", `/v2/card/card-requests/${bobOpen}/price/USDT?cp=CP_2`)).statusCode,
    ).toBe(404);
    expect((await c.cancel(alice, bobOpen, "CP_2")).statusCode).toBe(404);
    expect(
      (
        await c.call(alice, "PUT", `/v2/card/card-requests/${bobOpen}/cardholder-name?cp=CP_2`, {
          firstName: "A",
          lastName: "B",
        })
      ).statusCode,
    ).toBe(404);
    const notAlice = [
      await c.call(alice, "PUT", `/v2/card/card-requests/${bobOpen}/address?cp=CP_2`, {
        ...BILLING,
        documentCountry: "DE",
        state: "",
      }),
      await c.call(alice, "PUT", `/v3/card/card-requests/${bobOpen}/address?cp=CP_2`, {
        billingAddress: BILLING,
      }),
      await c.offer(alice, bobOpen, "USDT", "CP_2"),
    ];
    for (const res of notAlice) expect(res.json()).toMatchObject({ error: "CARD_REQUEST_NOT_FOUND" });
    expect(notAlice.map((res) => res.statusCode)).toEqual([404, 404, 404]);
    expect((await c.confirm(alice, offer.offerId, c.nextKey())).statusCode).toBe(404);
    const plastic = await c.call(
      alice,
      "POST",
      `/v2/card/plastic/${card.id}/activate`,
      await c.sealed(alice, "123456"),
    );
    expect(plastic.statusCode).toBe(404);
    expect((await c.list(alice)).cards.some((x: { cardRequestId: string }) => x.cardRequestId === id)).toBe(
      false,
    );
    await c.cancel(bob, bobOpen, "CP_2");
  });
});

describe("a plastic CP_2 card", () => {
  it("ships on the issuer's clock and activates with the mailed code", async () => {
    const { id } = await c.paidOrder(alice, "PLASTIC", "USDT", "CP_2");
    const states = [];
    for (let i = 0; i < 3; i++) states.push((await c.advance(id)).json().state);
    expect(states).toEqual(["ORDER_PENDING", "ORDERED", "IN_DELIVERY"]);
    const card = (await c.list(alice, "CP_2")).cards.find(
      (x: { cardRequestId: string }) => x.cardRequestId === id,
    );
    expect(card).toMatchObject({
      status: "ACTIVATION",
      deliveryState: "IN_DELIVERY",
      displayStatus: "READY",
      plan: "FLEX_WEEKLY",
    });
    const code = await c.lastCode(alice.phone);
    const wrongProgram = await c.call(
      alice,
      "POST",
      `/v2/card/plastic/${card.id}/activate?cp=CP_1`,
      await c.sealed(alice, code),
    );
    expect(wrongProgram.statusCode).toBe(404);
    const res = await c.call(
      alice,
      "POST",
      `/v2/card/plastic/${card.id}/activate?cp=CP_2`,
      await c.sealed(alice, code),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "ACTIVE", deliveryState: "ACTIVATED" });
  });

  it("activates the plastic card on its way without its id (generic), not before it ships", async () => {
    const { id } = await c.paidOrder(bob, "PLASTIC", "USDT", "CP_2");
    expect((await c.advance(id)).json().state).toBe("ORDER_PENDING");
    const generic = async (code: string) =>
      c.call(bob, "POST", "/v2/card/plastic/activate?cp=CP_2", await c.sealed(bob, code));
    const early = await generic("123456");
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("CARD_NOT_READY");
    await c.advance(id);
    expect((await c.advance(id)).json().state).toBe("IN_DELIVERY");
    const code = await c.lastCode(bob.phone);
    const wrong = await generic(code === "000000" ? "111111" : "000000");
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ error: "ACTIVATION_CODE_NOT_VALID", field: "passCode" });
    const res = await generic(code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "ACTIVE",
      deliveryState: "ACTIVATED",
      displayStatus: "ACTIVE",
    });
  });

  it("locks activation after five wrong codes, even for the right one then", async () => {
    const dan = await c.d.verified();
    expect((await c.d.faucet(dan.phone, "USDT", "100")).statusCode).toBe(200);
    const { id } = await c.paidOrder(dan, "VIRTUAL", "USDT");
    await c.advance(id);
    const code = await c.lastCode(dan.phone);
    const activate = async (given: string) =>
      c.call(dan, "POST", "/v2/card/virtual/activate", await c.sealed(dan, given));
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await activate(code === "000000" ? "111111" : "000000")).statusCode);
    expect(answers).toEqual([422, 422, 422, 422, 409]);
    const locked = await activate(code);
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ error: "ACTIVATION_LOCKED", field: "passCode" });
  });

  it("refuses an unsigned issuer callback", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: ISSUER_CALLBACK_PATH,
      headers: { "content-type": "application/json", [ISSUER_SIGNATURE_HEADER]: "sha256=00" },
      payload: "{}",
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("card data at rest", () => {
  it("keeps numbers and CVVs only encrypted: no table holds one in clear", async () => {
    const secrets = createCardSecrets(t.config.cardDataKeys);
    const { rows: issued } = await t.database.pool.query<{ pan: string; cvv: string }>(
      `select pan_ciphertext as pan, cvv_ciphertext as cvv from sandbox_issuer_cards where pan_ciphertext is not null`,
    );
    expect(issued.length).toBeGreaterThan(1);
    const { rows: columns } = await t.database.pool.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
       where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`,
    );
    for (const row of issued) {
      const pan = secrets.decrypt(row.pan);
      const cvv = secrets.decrypt(row.cvv);
      expect(isLuhnValid(pan)).toBe(true);
      expect(cvv).toMatch(/^\d{3}$/);
      for (const col of columns) {
        const { rows } = await t.database.pool.query<{ n: string }>(
          `select count(*) as n from "${col.table_name}" where "${col.column_name}"::text like $1`,
          [`%${pan}%`],
        );
        expect(rows[0]?.n, `${col.table_name}.${col.column_name}`).toBe("0");
      }
      // A CVV is three digits (common anywhere): no text field of a card table is it, or quotes it.
      for (const col of columns.filter((x) =>
        ["cards", "card_requests", "sandbox_issuer_cards"].includes(x.table_name),
      )) {
        const { rows } = await t.database.pool.query<{ n: string }>(
          `select count(*) as n from "${col.table_name}" where "${col.column_name}"::text in ($1, $2)
             or "${col.column_name}"::text like $3`,
          [cvv, `"${cvv}"`, `%"${cvv}"%`],
        );
        expect(rows[0]?.n, `${col.table_name}.${col.column_name}`).toBe("0");
      }
    }
  });

  it("leaves the ledger's invariants whole", async () => {
    await c.d.expectInvariants();
  });
});
