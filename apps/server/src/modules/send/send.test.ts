import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { accountsDriver, newPhone } from "../auth/auth.test-helpers.ts";
import { NIMBUS_MERCHANT_ID } from "../merchants/merchants.seed.ts";

let t: TestApp;
let d: ReturnType<typeof accountsDriver>;
let alice: { phone: string; token: string };
let bob: { phone: string; token: string };

const wallets = async (token: string) =>
  (await t.app.inject({ url: "/v3/wallets", headers: d.bearer(token) })).json().wallets as {
    currency: string;
    balance: string;
    availableBalance: string;
  }[];
const balanceOf = async (token: string, currency: string) =>
  (await wallets(token)).find((w) => w.currency === currency)?.balance;

let keyCounter = 0;
const send = (token: string, body: Record<string, unknown>, key: string | null = `k-${++keyCounter}`) =>
  t.app.inject({
    method: "POST",
    url: "/v1/wallet/send",
    headers: { ...d.bearer(token), ...(key === null ? {} : { "idempotency-key": key }) },
    payload: body,
  });

const credit = (phone: string, currency: string, amount: string) =>
  t.app.inject({
    method: "POST",
    url: "/sandbox/wallets/credit",
    headers: { "idempotency-key": `credit-${++keyCounter}` },
    payload: { phone, currency, amount },
  });

beforeAll(async () => {
  t = await createTestApp();
  d = accountsDriver(t.app, t.database);
  const a = newPhone();
  const b = newPhone();
  alice = { phone: a, token: (await d.register(a)).access_token };
  bob = { phone: b, token: (await d.register(b)).access_token };
  expect((await credit(a, "BTC", "0.50000000")).statusCode).toBe(200);
});
afterAll(() => t.close());

describe("wallets", () => {
  it("gives a new customer the merchant's wallets, with decimal-string balances and a fiat value", async () => {
    const list = (await t.app.inject({ url: "/v2/wallets", headers: d.bearer(bob.token) })).json();
    expect(list.wallets.map((w: { currency: string }) => w.currency)).toEqual([
      "BTC",
      "ETH",
      "USDT",
      "USDC",
      "LTC",
      "TRX",
      "EUR",
      "USD",
    ]);
    expect(list.wallets[0]).toMatchObject({
      balance: "0.00000000",
      availableBalance: "0.00000000",
      walletCreationState: "READY",
      scale: 8,
    });
    expect(list.fiat.customerCurrency).toBe("EUR");
    const aliceBtc = (await wallets(alice.token)).find((w) => w.currency === "BTC");
    expect(aliceBtc).toMatchObject({ balance: "0.50000000" });
  });

  it("opens a wallet once per currency and refuses one the merchant does not offer", async () => {
    const again = await t.app.inject({
      method: "POST",
      url: "/v2/wallets",
      headers: d.bearer(bob.token),
      payload: { currencies: ["BTC"] },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().wallets.filter((w: { currency: string }) => w.currency === "BTC")).toHaveLength(1);
    const bad = await t.app.inject({
      method: "POST",
      url: "/v2/wallets",
      headers: d.bearer(bob.token),
      payload: { currencies: ["BTC", "SOL"] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "CURRENCY_NOT_OFFERED", field: "currencies.1" });
  });
});

describe("send by phone", () => {
  it("moves money from one customer to the other, at once and without a fee", async () => {
    const res = await send(alice.token, { phone: bob.phone, amount: "0.1", currency: "BTC" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      amount: "0.10000000",
      fee: "0.00000000",
      internal: true,
      status: "COMPLETED",
      currency: "BTC",
    });
    expect(res.json().recipient).not.toContain(bob.phone.slice(3, -2));
    expect(await balanceOf(alice.token, "BTC")).toBe("0.40000000");
    expect(await balanceOf(bob.token, "BTC")).toBe("0.10000000");
  });

  it("replays the stored response for the same key, and refuses the key with another body", async () => {
    const first = await send(alice.token, { phone: bob.phone, amount: "0.01", currency: "BTC" }, "same-key");
    const again = await send(alice.token, { phone: bob.phone, amount: "0.01", currency: "BTC" }, "same-key");
    expect(again.json()).toEqual(first.json());
    expect(again.headers["idempotent-replayed"]).toBe("true");
    const other = await send(alice.token, { phone: bob.phone, amount: "0.02", currency: "BTC" }, "same-key");
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: "IDEMPOTENCY_MISMATCH" });
    expect(await balanceOf(alice.token, "BTC")).toBe("0.39000000");
  });

  it.each([
    [{ phone: "4915100000001", amount: "0.01", currency: "BTC" }, 404, "RECIPIENT_NOT_FOUND", "phone"],
    [{ amount: "0.01", currency: "BTC" }, 404, "RECIPIENT_NOT_FOUND", "phone"],
    [{ phone: "12", amount: "0.01", currency: "BTC" }, 400, "NOT_VALID_REQUEST_DATA", "phone"],
    [{ phone: "BOB", amount: "-1", currency: "BTC" }, 400, "NOT_VALID_REQUEST_DATA", "amount"],
    [{ phone: "BOB", amount: "0", currency: "BTC" }, 400, "NOT_VALID_REQUEST_DATA", "amount"],
    [{ phone: "BOB", amount: "1e-3", currency: "BTC" }, 400, "NOT_VALID_REQUEST_DATA", "amount"],
    [{ phone: "BOB", amount: "0.000000001", currency: "BTC" }, 400, "NOT_VALID_REQUEST_DATA", "amount"],
    [{ phone: "BOB", amount: "1234567890", currency: "BTC" }, 400, "NOT_VALID_REQUEST_DATA", "amount"],
    [{ phone: "BOB", amount: "0.01", currency: "XYZ" }, 400, "NOT_VALID_REQUEST_DATA", "currency"],
    [{ phone: "BOB", amount: "0.01", currency: "SOL" }, 400, "NOT_VALID_REQUEST_DATA", "currency"],
    [{ phone: "BOB", amount: 0.01, currency: "BTC" }, 400, "NOT_VALID_REQUEST_DATA", "amount"],
    [{ phone: "BOB", amount: "5", currency: "BTC" }, 422, "INSUFFICIENT_FUNDS", "amount"],
    [{ phone: "BOB", amount: "1", currency: "ETH" }, 422, "INSUFFICIENT_FUNDS", "amount"],
  ] as [Record<string, unknown>, number, string, string][])(
    "refuses %o with %i %s naming %s, moving nothing",
    async (body, status, error, field) => {
      // "BOB" stands for a real recipient, whose phone is only known once the test runs.
      const payload = { ...body, ...(body.phone === "BOB" ? { phone: bob.phone } : {}) };
      const before = await balanceOf(alice.token, "BTC");
      const res = await send(alice.token, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ error, field });
      expect(await balanceOf(alice.token, "BTC")).toBe(before);
    },
  );

  it("refuses sending to oneself, without a key, and to another merchant's customer", async () => {
    expect(
      (await send(alice.token, { phone: alice.phone, amount: "0.01", currency: "BTC" })).json(),
    ).toMatchObject({ error: "CANNOT_SEND_TO_SELF" });
    const noKey = await send(alice.token, { phone: bob.phone, amount: "0.01", currency: "BTC" }, null);
    expect(noKey.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "Idempotency-Key" });
    const nimbusPhone = newPhone();
    await accountsDriver(t.app, t.database, NIMBUS_MERCHANT_ID).register(nimbusPhone);
    const cross = await send(alice.token, { phone: nimbusPhone, amount: "0.01", currency: "BTC" });
    expect(cross.json()).toMatchObject({ error: "RECIPIENT_NOT_FOUND" });
  });

  it("lets exactly one of 50 concurrent whole-balance spends through", async () => {
    const carol = newPhone();
    const token = (await d.register(carol)).access_token;
    await credit(carol, "ETH", "1");
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(token, { phone: bob.phone, amount: "1", currency: "ETH" }, `spend-${i}`),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(49);
    expect(await balanceOf(token, "ETH")).toBe("0.000000000000000000");
  });

  it("applies 50 concurrent identical requests (same key) once, with 50 identical answers", async () => {
    const dave = newPhone();
    const token = (await d.register(dave)).access_token;
    await credit(dave, "USDT", "10");
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        send(token, { phone: bob.phone, amount: "1", currency: "USDT" }, "one-key"),
      ),
    );
    expect(new Set(results.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(await balanceOf(token, "USDT")).toBe("9.000000");
  });
});

describe("fiat rates", () => {
  it("shows every offered currency against the merchant's fiat, with the spread around the mid", async () => {
    const res = await t.app.inject({ url: "/v3/payin/fiat-rates", headers: d.bearer(alice.token) });
    const rates = res.json() as {
      baseCurrency: string;
      symbolCurrency: string;
      rate: string;
      bid: string;
      ask: string;
    }[];
    expect(rates.map((r) => r.baseCurrency)).toEqual(["BTC", "ETH", "USDT", "USDC", "LTC", "TRX", "USD"]);
    for (const r of rates) {
      expect(r.symbolCurrency).toBe("EUR");
      expect(Number(r.bid)).toBeLessThan(Number(r.rate));
      expect(Number(r.ask)).toBeGreaterThan(Number(r.rate));
    }
    const btc = Number(rates[0]?.rate);
    expect(btc).toBeGreaterThan(20000);
    expect(btc).toBeLessThan(200000);
  });
});
