import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS, CARDS, type CardTest, cardTestApp } from "../acquiring/acquiring.test-helpers.ts";
import { BILLING, cardsDriver, PERSONAL_INFO } from "../cards/cards.test-helpers.ts";
import { ibanDriver } from "../iban/iban.test-helpers.ts";
import { NIMBUS_MERCHANT_ID } from "../merchants/index.ts";

// Issue 47 "ask once": the questionnaire and the billing address are one stored answer, written
// by the card order, the IBAN order and a pay-in card, read by GET /v2/customer/profile/answers.
type Customer = { phone: string; token: string; customerId: string };
let x: CardTest;
let cards: ReturnType<typeof cardsDriver>;
let iban: ReturnType<typeof ibanDriver>;

const ANSWERS = "/v2/customer/profile/answers";
const answers = async (c: Customer, merchantId?: string) => {
  const res = await x.t.app.inject({
    url: ANSWERS,
    headers: { authorization: `Bearer ${c.token}`, ...(merchantId ? { "x-merchant-id": merchantId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const put = (c: Customer, payload: Record<string, unknown>) =>
  x.t.app.inject({ method: "PUT", url: ANSWERS, headers: { authorization: `Bearer ${c.token}` }, payload });

/** A verified customer who answered the card order's questionnaire and billing address. */
async function cardOrderAnswered(): Promise<Customer> {
  const c = await x.d.verified();
  const created = await cards.create(c, "VIRTUAL");
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().id;
  const info = await cards.call(c, "POST", "/v3/card/additional-personal-info?cp=CP_1", {
    ...PERSONAL_INFO,
    incomeSources: ["salary", "dividends"],
    additionalSources: "Royalties",
    taxCountry: "DE",
    taxId: "de12345678901",
  });
  expect(info.statusCode, info.body).toBe(200);
  const address = await cards.call(c, "PUT", `/v3/card/card-requests/${id}/address?cp=CP_1`, {
    billingAddress: { ...BILLING, address2: "Hinterhaus", state: "Berlin" },
    shippingMatchBilling: true,
  });
  expect(address.statusCode, address.body).toBe(200);
  return c;
}

beforeAll(async () => {
  x = await cardTestApp();
  cards = cardsDriver(x.t);
  iban = ibanDriver(x.t);
});
afterAll(() => x.t.close());

describe("one stored answer", () => {
  it("answered in the card order, it is what the IBAN order reads (prefilled there)", async () => {
    const alice = await cardOrderAnswered();
    // The IBAN order opens after the card order: its forms read the stored answer.
    expect((await iban.request(alice.token)).statusCode).toBe(200);
    expect(await answers(alice)).toEqual({
      questionnaire: {
        isUsRelated: false,
        usRelatedPerson: null,
        incomeSources: ["salary", "dividends"],
        additionalSources: "Royalties",
        estimatedMonthlyTurnoverRange: "0-1000",
        taxCountry: "DE",
        taxId: "DE12345678901",
      },
      billingAddress: {
        country: "DE",
        city: "Berlin",
        address: "Invalidenstr. 1",
        address2: "Hinterhaus",
        postalCode: "10115",
        state: "Berlin",
      },
    });
  });

  it("answered in the IBAN order or for a pay-in card, the card order reads it", async () => {
    const bob = await x.d.verified();
    expect((await iban.request(bob.token)).statusCode).toBe(200);
    expect((await iban.info(bob.token)).statusCode).toBe(200);
    expect((await iban.address(bob.token)).statusCode).toBe(200);
    expect(await answers(bob)).toEqual({
      questionnaire: {
        isUsRelated: false,
        usRelatedPerson: null,
        incomeSources: ["salary", "savings"],
        additionalSources: null,
        estimatedMonthlyTurnoverRange: "1001-3000",
        taxCountry: "DE",
        taxId: "DE123456789",
      },
      billingAddress: {
        country: "DE",
        city: "Berlin",
        address: "Hauptstraße 1",
        address2: null,
        postalCode: "10115",
        state: null,
      },
    });
    // A pay-in card's billing address (the top-up) is the same answer, changed there.
    const added = await x.addPayinCard(bob.token, CARDS.frictionless, {
      billingAddress: { ...ADDRESS, address: "2 Side St", zip: "10117" },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await answers(bob)).billingAddress).toEqual({
      country: "DE",
      city: "Berlin",
      address: "2 Side St",
      address2: null,
      postalCode: "10117",
      state: null,
    });
    const cardId = added.json().cardId;
    const set = await x.t.app.inject({
      method: "POST",
      url: `/v3/payin/card/${cardId}/billing-address`,
      headers: { authorization: `Bearer ${bob.token}` },
      payload: { ...ADDRESS, city: "Potsdam", zip: "14467" },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await answers(bob)).billingAddress).toMatchObject({ city: "Potsdam", postalCode: "14467" });
  });

  it("is the customer's own: another customer or merchant sees nothing of it", async () => {
    await cardOrderAnswered();
    const other = await x.d.verified();
    expect(await answers(other)).toEqual({ questionnaire: null, billingAddress: null });
    const nimbus = await x.d.verified(NIMBUS_MERCHANT_ID);
    expect(await answers(nimbus, NIMBUS_MERCHANT_ID)).toEqual({ questionnaire: null, billingAddress: null });
  });
});

describe("PUT /v2/customer/profile/answers", () => {
  it("changes the answer; a part left out is kept", async () => {
    const carol = await cardOrderAnswered();
    const before = await answers(carol);
    const res = await put(carol, {
      questionnaire: {
        isUsRelated: true,
        usRelatedPerson: "My father",
        incomeSources: ["savings"],
        estimatedMonthlyTurnoverRange: "3001-8000",
        taxCountry: "FR",
        taxId: "FR1234567",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().questionnaire).toMatchObject({ isUsRelated: true, usRelatedPerson: "My father" });
    expect(await answers(carol)).toEqual({ ...before, questionnaire: res.json().questionnaire });
  });

  it("refuses a bad answer naming the field, and changes nothing", async () => {
    const dan = await cardOrderAnswered();
    const before = await answers(dan);
    const cases: [Record<string, unknown>, string][] = [
      [{ billingAddress: { ...before.billingAddress, country: "Germany" } }, "billingAddress.country"],
      [{ billingAddress: { ...before.billingAddress, city: " " } }, "billingAddress.city"],
      [
        {
          questionnaire: { ...before.questionnaire, incomeSources: [] },
          billingAddress: before.billingAddress,
        },
        "questionnaire.incomeSources",
      ],
      [{ questionnaire: { ...before.questionnaire, isUsRelated: true } }, "questionnaire.usRelatedPerson"],
      [
        { questionnaire: { ...before.questionnaire, estimatedMonthlyTurnoverRange: "lots" } },
        "questionnaire.estimatedMonthlyTurnoverRange",
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await put(dan, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(await answers(dan)).toEqual(before);
  });
});
