import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { accountsDriver, newPhone } from "../auth/auth.test-helpers.ts";
import { cryptoDriver } from "../crypto/crypto.test-helpers.ts";
import { NIMBUS_MERCHANT_ID } from "../merchants/index.ts";

type Customer = { phone: string; token: string; customerId: string };
let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
let alice: Customer;
let bob: Customer;

const balanceOf = async (token: string, currency: string) => (await d.wallet(token, currency)).balance;
const send = (token: string, body: Record<string, unknown>, key?: string | null) => d.send(token, body, key);

beforeAll(async () => {
  t = await createTestApp();
  d = cryptoDriver(t);
  // Sending by phone needs a verified identity (KYC_2: catalog and limits).
  [alice, bob] = await Promise.all([d.verified(), d.verified()]);
  expect((await d.faucet(alice.phone, "BTC", "0.05")).statusCode).toBe(200);
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
    expect(await balanceOf(alice.token, "BTC")).toBe("0.05000000");
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
  it("answers a signed-out session only 401, whatever the send, and moves or opens nothing", async () => {
    const [carol, dave] = await Promise.all([d.verified(), d.verified()]);
    expect((await d.faucet(carol.phone, "BTC", "0.01")).statusCode).toBe(200);
    const out = await t.app.inject({ method: "POST", url: "/signout", headers: d.bearer(carol.token) });
    expect(out.statusCode).toBe(200);
    const tries = [
      { phone: dave.phone, amount: "0.001", currency: "BTC" }, // would go through
      { phone: newPhone(), amount: "0.001", currency: "BTC" }, // nobody's phone
      { phone: dave.phone, amount: "5", currency: "BTC" }, // beyond the balance
      {
        phone: dave.phone,
        address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
        amount: "0.001",
        currency: "BTC",
      },
    ];
    for (const body of tries) {
      const res = await send(carol.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(401);
      expect(res.json()).toMatchObject({ error: "INVALID_TOKEN" });
    }
    const opened = await t.database.pool.query(
      "select count(*)::int as n from ledger_accounts where owner_id = $1 and currency = 'BTC'",
      [dave.customerId],
    );
    expect(opened.rows[0]?.n).toBe(0); // the recipient's BTC wallet was not opened for it
    const moved = await t.database.pool.query(
      "select count(*)::int as n from ledger_operations where metadata->>'senderId' = $1",
      [carol.customerId],
    );
    expect(moved.rows[0]?.n).toBe(0);
  });

  it("checks the session in the send's own write: a signed-out sender's retry gets 401, not the stored answer", async () => {
    const [erin, frank] = await Promise.all([d.verified(), d.verified()]);
    expect((await d.faucet(erin.phone, "BTC", "0.01")).statusCode).toBe(200);
    const key = "erin-first-send";
    const body = { phone: frank.phone, amount: "0.001", currency: "BTC" };
    expect((await send(erin.token, body, key)).statusCode).toBe(200); // frank's BTC wallet is open now
    const out = await t.app.inject({ method: "POST", url: "/signout", headers: d.bearer(erin.token) });
    expect(out.statusCode).toBe(200);
    for (const res of [await send(erin.token, body, key), await send(erin.token, body)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: "INVALID_TOKEN" });
      expect(res.headers["idempotent-replayed"]).toBeUndefined();
    }
    const moved = await t.database.pool.query(
      "select count(*)::int as n from ledger_operations where metadata->>'senderId' = $1",
      [erin.customerId],
    );
    expect(moved.rows[0]?.n).toBe(1);
    const left = await t.database.pool.query(
      "select (credits_posted - debits_posted)::text as minor from ledger_accounts where owner_id = $1 and currency = 'BTC'",
      [erin.customerId],
    );
    expect(left.rows[0]?.minor).toBe("900000"); // 0.01 - 0.001 BTC, in satoshi
  });

  it("moves money from one customer to the other, at once and without a fee", async () => {
    const res = await send(alice.token, { phone: bob.phone, amount: "0.01", currency: "BTC" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      amount: "0.01000000",
      fee: "0.00000000",
      internal: true,
      status: "COMPLETED",
      currency: "BTC",
    });
    expect(await balanceOf(alice.token, "BTC")).toBe("0.04000000");
    expect(await balanceOf(bob.token, "BTC")).toBe("0.01000000");
  });

  it("shows the send in both parties' histories: the sender reads the number typed, the recipient the sender's masked", async () => {
    const res = await send(alice.token, { phone: bob.phone, amount: "0.002", currency: "BTC" });
    const { txId } = res.json();
    const [sent] = (await d.history(alice.token)).json().operations;
    const [received] = (await d.history(bob.token)).json().operations;
    for (const entry of [sent, received]) {
      expect(entry).toMatchObject({
        operationId: txId,
        type: "SEND_TO_PHONE",
        status: "COMPLETED",
        amount: "0.00200000",
        currency: "BTC",
        fee: "0.00000000",
      });
    }
    // The sender typed the number: they read it in full ("+49 1512 3456789"), to tell sends apart.
    expect(sent).toMatchObject({ direction: "OUT", counterparty: expect.stringMatching(/^\+[\d ]+$/) });
    expect(sent.counterparty.replace(/\D/g, "")).toBe(bob.phone);
    expect(sent.sendToPhoneModel.toPhone).toBe(sent.counterparty);
    expect(res.json().recipient).toBe(sent.counterparty);
    // The recipient reads the sender's number masked.
    expect(received).toMatchObject({
      direction: "IN",
      counterparty: `+${alice.phone.slice(0, 3)}${"•".repeat(alice.phone.length - 5)}${alice.phone.slice(-2)}`,
    });
    expect(received.sendToPhoneModel.fromPhone).toBe(received.counterparty);
    expect(JSON.stringify(received)).not.toContain(alice.phone);
    expect(sent.sendToPhoneModel.amount).toEqual({ value: "0.00200000", currency: "BTC" });
  });

  it("replays the stored response for the same key, and refuses the key with another body", async () => {
    const first = await send(alice.token, { phone: bob.phone, amount: "0.001", currency: "BTC" }, "same-key");
    const again = await send(alice.token, { phone: bob.phone, amount: "0.001", currency: "BTC" }, "same-key");
    expect(again.json()).toEqual(first.json());
    expect(again.headers["idempotent-replayed"]).toBe("true");
    const other = await send(alice.token, { phone: bob.phone, amount: "0.002", currency: "BTC" }, "same-key");
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: "IDEMPOTENCY_MISMATCH" });
    expect(await balanceOf(alice.token, "BTC")).toBe("0.03700000");
    const history = (await d.history(alice.token, "typeFilter=SEND_TO_PHONE")).json();
    expect(
      history.operations.filter((o: { operationId: string }) => o.operationId === first.json().txId),
    ).toHaveLength(1);
  });

  it.each([
    [{ phone: "4915100000001", amount: "0.001", currency: "BTC" }, 404, "RECIPIENT_NOT_FOUND", "phone"],
    [{ amount: "0.001", currency: "BTC" }, 404, "RECIPIENT_NOT_FOUND", "phone"],
    [{ phone: "12", amount: "0.001", currency: "BTC" }, 400, "NOT_VALID_REQUEST_DATA", "phone"],
    [{ phone: "BOB", amount: "-1", currency: "BTC" }, 400, "NOT_VALID_REQUEST_DATA", "amount"],
    [{ phone: "BOB", amount: "0", currency: "BTC" }, 400, "NOT_VALID_REQUEST_DATA", "amount"],
    [{ phone: "BOB", amount: "1e-3", currency: "BTC" }, 400, "NOT_VALID_REQUEST_DATA", "amount"],
    [{ phone: "BOB", amount: "0.000000001", currency: "BTC" }, 400, "NOT_VALID_REQUEST_DATA", "amount"],
    [{ phone: "BOB", amount: "1234567890", currency: "BTC" }, 400, "NOT_VALID_REQUEST_DATA", "amount"],
    [{ phone: "BOB", amount: "0.01", currency: "XYZ" }, 400, "NOT_VALID_REQUEST_DATA", "currency"],
    [{ phone: "BOB", amount: "0.01", currency: "SOL" }, 400, "NOT_VALID_REQUEST_DATA", "currency"],
    [{ phone: "BOB", amount: 0.01, currency: "BTC" }, 400, "NOT_VALID_REQUEST_DATA", "amount"],
    [{ phone: "BOB", amount: "0.01", currency: "ETH" }, 422, "INSUFFICIENT_FUNDS", "amount"],
    [{ phone: "BOB", amount: "1", currency: "BTC" }, 422, "LIMIT_EXCEEDED", undefined],
  ] as [Record<string, unknown>, number, string, string | undefined][])(
    "refuses %o with %i %s naming %s, moving nothing",
    async (body, status, error, field) => {
      // "BOB" stands for a real recipient, whose phone is only known once the test runs.
      const payload = { ...body, ...(body.phone === "BOB" ? { phone: bob.phone } : {}) };
      const before = await balanceOf(alice.token, "BTC");
      const res = await send(alice.token, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ error, ...(field ? { field } : {}) });
      expect(await balanceOf(alice.token, "BTC")).toBe(before);
    },
  );

  it("refuses an unverified sender and an amount above the limit, with the reason and what remains", async () => {
    const newcomer = await d.unverified();
    await d.faucet(newcomer.phone, "USDT", "100");
    const refused = await send(newcomer.token, { phone: bob.phone, amount: "1", currency: "USDT" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data).toMatchObject({ reason: "KYC_REQUIRED" });
    const above = await send(alice.token, { phone: bob.phone, amount: "0.5", currency: "BTC" });
    expect(above.statusCode).toBe(422);
    expect(above.json()).toMatchObject({
      error: "LIMIT_EXCEEDED",
      data: { reason: "PER_TRANSACTION_LIMIT", currency: "EUR" },
    });
    expect(above.json().data.remaining).toMatch(/^\d+\.\d{2}$/);
    expect(await balanceOf(newcomer.token, "USDT")).toBe("100.000000");
  });

  it("leaves no trace of a send its 24-hour limit refuses: no transfer, usage, history or key", async () => {
    const erin = await d.verified();
    await d.faucet(erin.phone, "USDT", "100");
    // Earlier sends used 14,999.99 EUR of the 15,000.00 a day KYC_2 allows.
    await t.database.pool.query(
      `insert into kyc_usage (id, merchant_id, customer_id, operation_type, amount, currency, reference)
       select gen_random_uuid(), merchant_id, id, 'TRANSFER_MOBILE', 1499999, 'EUR', 'earlier-sends' from customers where id = $1`,
      [erin.customerId],
    );
    const refused = await send(
      erin.token,
      { phone: bob.phone, amount: "5", currency: "USDT" },
      "over-the-day",
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: "LIMIT_EXCEEDED", data: { reason: "DAILY_LIMIT" } });
    expect(await balanceOf(erin.token, "USDT")).toBe("100.000000");
    const traces = await t.database.pool.query<{ usage: string; history: string; ops: string }>(
      `select (select count(*) from kyc_usage where customer_id = $1) as usage,
              (select count(*) from history_entries where customer_id = $1 and type = 'SEND_TO_PHONE') as history,
              (select count(*) from ledger_operations where idempotency_key like '%over-the-day') as ops`,
      [erin.customerId],
    );
    expect(traces.rows[0]).toEqual({ usage: "1", history: "0", ops: "0" });
    await d.expectInvariants();
  });

  it("refuses sending to oneself, without a key, and to another merchant's customer", async () => {
    expect(
      (await send(alice.token, { phone: alice.phone, amount: "0.001", currency: "BTC" })).json(),
    ).toMatchObject({
      error: "CANNOT_SEND_TO_SELF",
    });
    const noKey = await send(alice.token, { phone: bob.phone, amount: "0.001", currency: "BTC" }, null);
    expect(noKey.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field: "Idempotency-Key" });
    const nimbusPhone = newPhone();
    await accountsDriver(t.app, t.database, NIMBUS_MERCHANT_ID).register(nimbusPhone);
    const cross = await send(alice.token, { phone: nimbusPhone, amount: "0.001", currency: "BTC" });
    expect(cross.json()).toMatchObject({ error: "RECIPIENT_NOT_FOUND" });
  });

  it("lets exactly one of 50 concurrent whole-balance spends through", async () => {
    const carol = await d.verified();
    await d.faucet(carol.phone, "USDT", "50");
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(carol.token, { phone: bob.phone, amount: "50", currency: "USDT" }, `spend-${i}`),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(49);
    expect(await balanceOf(carol.token, "USDT")).toBe("0.000000");
    // The refused attempts gave their limit usage back: only the one send counts.
    const used = await t.database.pool.query<{ n: string }>(
      "select count(*) as n from kyc_usage where customer_id = $1 and released_at is null",
      [carol.customerId],
    );
    expect(Number(used.rows[0]?.n)).toBe(1);
  });

  it("applies 50 concurrent identical requests (same key) once, with 50 identical answers", async () => {
    const dave = await d.verified();
    await d.faucet(dave.phone, "USDT", "10");
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        send(dave.token, { phone: bob.phone, amount: "1", currency: "USDT" }, "one-key"),
      ),
    );
    expect(new Set(results.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(await balanceOf(dave.token, "USDT")).toBe("9.000000");
    await d.expectInvariants();
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
