import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { cryptoDriver } from "../crypto/crypto.test-helpers.ts";
import { NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { depositsDriver } from "./deposits.test-helpers.ts";

type Customer = { phone: string; token: string; customerId: string };
let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
let api: ReturnType<typeof depositsDriver>;
let alice: Customer;
let bob: Customer;

const usdt = async (c: Customer) => (await d.wallet(c.token, "USDT")).balance;
const flex = { currency: "USDT", productType: "FLEX", months: 3, amount: "1000" };

beforeAll(async () => {
  t = await createTestApp();
  d = cryptoDriver(t);
  api = depositsDriver(t);
  [alice, bob] = await Promise.all([d.verified(), d.verified()]);
  expect((await d.faucet(alice.phone, "USDT", "5000")).statusCode).toBe(200);
});
afterAll(() => t.close());

describe("templates", () => {
  it("are public: FIX and FLEX with months and rate above 0, months ascending, per currency", async () => {
    const res = await t.app.inject({ url: "/v1/deposits/templates" });
    expect(res.statusCode).toBe(200);
    const eur = res.json().templates.find((x: { currency: string }) => x.currency === "EUR");
    const months = eur.durations.map((x: { months: number }) => x.months);
    expect(months).toEqual([3, 6, 12, 12]); // the 0-month on-demand FLEX is not offered
    expect(eur.durations[0]).toMatchObject({ productType: "FLEX", percents: "3.00", minAmount: "10.00" });
    const base = await t.app.inject({ url: "/v1/deposits/base-templates" });
    expect(base.json().baseTemplates).toContainEqual({
      productType: "FIX",
      currencies: ["BTC", "EUR", "USDT"],
      months: [3, 6, 12],
      maxPercents: "9.00",
    });
  });
});

describe("open", () => {
  it("moves the principal from the wallet into the deposit, once per key", async () => {
    const res = await api.open(alice.token, flex, "alice-open-1");
    expect(res.statusCode, res.body).toBe(200);
    const deposit = res.json();
    expect(deposit).toMatchObject({
      currency: "USDT",
      productType: "FLEX",
      months: 3,
      percents: "5.00",
      currencyAmount: "1000.000000",
      currentProfit: "0.000000",
      status: "OPEN",
      fiatCurrency: "EUR",
    });
    expect(await usdt(alice)).toBe("4000.000000");
    const again = await api.open(alice.token, flex, "alice-open-1");
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(deposit);
    expect(await usdt(alice)).toBe("4000.000000");
    const other = await api.open(alice.token, { ...flex, amount: "20" }, "alice-open-1");
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: "IDEMPOTENCY_MISMATCH" });

    const list = (await api.list(alice.token)).json();
    expect(list.deposits.map((x: { id: string }) => x.id)).toEqual([deposit.id]);
    expect(list.totals.fiatCurrency).toBe("EUR");
    expect(list.totals.profit).toBe("0.00");
    const history = (await d.history(alice.token, "typeFilter=DEPOSIT_OPEN")).json();
    expect(history.operations).toHaveLength(1);
    expect(history.operations[0]).toMatchObject({ direction: "OUT", amount: "1000.000000" });
    const events = (await api.history(alice.token, deposit.id)).json().events;
    expect(events).toMatchObject([{ type: "OPENED", amount: "1000.000000" }]);
    await d.expectInvariants();
  });

  it("refuses bad input with 400 naming the field, and changes nothing", async () => {
    const before = await usdt(alice);
    const count = (await api.list(alice.token)).json().total;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...flex, amount: "5" }, "amount"], // below the 10 USDT minimum
      [{ ...flex, amount: "100001" }, "amount"], // above the maximum
      [{ ...flex, amount: "12,5" }, "amount"],
      [{ ...flex, amount: 1000 }, "amount"], // a JSON number never carries money
      [{ ...flex, months: 2 }, "months"], // no such duration
      [{ ...flex, productType: "DUAL" }, "productType"],
      [{ ...flex, currency: "XYZ" }, "currency"],
      [{ currency: "USDT", months: 3, amount: "100" }, "productType"],
      [{ ...flex, extra: 1 }, "extra"],
    ];
    for (const [body, field] of cases) {
      const res = await api.open(alice.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    expect((await api.open(alice.token, flex, null)).json().field).toBe("Idempotency-Key");
    expect(await usdt(alice)).toBe(before);
    expect((await api.list(alice.token)).json().total).toBe(count);
  });

  it("refuses more than the wallet holds with 422 and moves nothing", async () => {
    const res = await api.open(bob.token, flex);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: "INSUFFICIENT_FUNDS", field: "amount" });
  });

  it("is closed while the merchant's catalog has DEPOSITS under maintenance (503)", async () => {
    const nimbus = await d.verified(NIMBUS_MERCHANT_ID);
    // A token is good on its own merchant only: the request names it, as the web app does.
    const res = await t.app.inject({
      method: "POST",
      url: "/v1/deposits/",
      headers: {
        ...d.bearer(nimbus.token),
        "x-merchant-id": NIMBUS_MERCHANT_ID,
        "idempotency-key": "nimbus-1",
      },
      payload: { ...flex, amount: "100" },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: "OPERATION_MAINTENANCE", data: { reason: "MAINTENANCE" } });
  });
});

describe("another customer's deposit", () => {
  it("is not found, to read, to close or in its history (404)", async () => {
    const [mine] = (await api.list(alice.token)).json().deposits;
    for (const res of [
      await api.get(bob.token, mine.id),
      await api.close(bob.token, mine.id),
      await api.history(bob.token, mine.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: "DEPOSIT_NOT_FOUND" });
    }
    expect((await api.get(alice.token, "not-a-uuid")).json().field).toBe("depositId");
  });
});

describe("close", () => {
  it("returns a FLEX deposit's principal with its profit to date; a retry gets the same answer", async () => {
    const before = await usdt(alice);
    const [mine] = (await api.list(alice.token)).json().deposits;
    const res = await api.close(alice.token, mine.id, "alice-close-1");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: mine.id, status: "CLOSED", currentProfit: "0.000000" });
    expect(await usdt(alice)).toBe((Number(before) + 1000).toFixed(6));
    const replay = await api.close(alice.token, mine.id, "alice-close-1");
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(res.json());
    const again = await api.close(alice.token, mine.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: "DEPOSIT_ALREADY_CLOSED" });
    expect((await api.list(alice.token)).json().deposits).toEqual([]);
    const closed = (await api.list(alice.token, "closed=true")).json().deposits;
    expect(closed.map((x: { id: string }) => x.id)).toEqual([mine.id]);
    await d.expectInvariants();
  });

  it("of the same deposit by two requests at once pays out once", async () => {
    const opened = (await api.open(alice.token, { ...flex, amount: "300" })).json();
    const before = await usdt(alice);
    const results = await Promise.all(Array.from({ length: 6 }, () => api.close(alice.token, opened.id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await usdt(alice)).toBe((Number(before) + 300).toFixed(6));
    await d.expectInvariants();
  });

  it("opens concurrently within the wallet: never below zero, each key once", async () => {
    expect((await d.faucet(bob.phone, "USDT", "100")).statusCode).toBe(200);
    const tries = await Promise.all(
      Array.from({ length: 8 }, () => api.open(bob.token, { ...flex, amount: "30" })),
    );
    const ok = tries.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(3);
    expect(tries.filter((r) => r.statusCode === 422)).toHaveLength(5);
    expect(await usdt(bob)).toBe("10.000000");
    await d.expectInvariants();
  });
});
