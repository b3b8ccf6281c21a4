import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { accountsDriver } from "../auth/auth.test-helpers.ts";
import { cryptoDriver } from "../crypto/crypto.test-helpers.ts";
import { NIMBUS_MERCHANT_ID } from "../merchants/index.ts";

type Customer = { phone: string; token: string; customerId: string };
let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
let alice: Customer;
let bob: Customer;
let bobBtc: string;
const OUTSIDE_BTC = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const OUTSIDE_ETH = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94";

const fee = (token: string, currency: string, query: Record<string, string>) =>
  t.app.inject({
    url: `/v1/wallet/send/fee/${currency}?${new URLSearchParams(query)}`,
    headers: d.bearer(token),
  });
const validate = (token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/v1/wallet/send/validate", headers: d.bearer(token), payload: body });
const wallet = (token: string, currency: string) => d.wallet(token, currency);
const latest = async (token: string) => (await d.history(token)).json().operations[0];

beforeAll(async () => {
  t = await createTestApp({ CHAIN_CONFIRMATION_SECONDS: "600", SEND_CONFIRMATION_THRESHOLD: "500" });
  d = cryptoDriver(t);
  [alice, bob] = await Promise.all([d.verified(), d.verified()]);
  await d.faucet(alice.phone, "BTC", "0.05");
  await d.faucet(alice.phone, "USDT", "1000");
  bobBtc = (await wallet(bob.token, "BTC")).address;
});
afterAll(() => t.close());

describe("the fee call", () => {
  it("is INTERNAL and free to a deposit address of the same merchant, EXTERNAL with every fee otherwise", async () => {
    const internal = await fee(alice.token, "BTC", { amount: "0.01", address: bobBtc });
    expect(internal.json()).toEqual({
      fee: "0.00000000",
      networkFee: "0.00000000",
      transactionFee: "0.00000000",
      fixFee: "0.00000000",
      sourceCurrency: "BTC",
      transactionType: "INTERNAL",
      transactionAvailability: true,
    });
    const external = await fee(alice.token, "BTC", { amount: "0.01", address: OUTSIDE_BTC });
    expect(external.json()).toMatchObject({
      fee: "0.00003000",
      networkFee: "0.00002000",
      transactionFee: "0.00001000",
      fixFee: "0.00000000",
      transactionType: "EXTERNAL",
    });
    const token = await fee(alice.token, "USDT", { amount: "100", address: OUTSIDE_ETH.toLowerCase() });
    expect(token.json()).toMatchObject({
      fee: "3.600000",
      networkFee: "2.500000",
      transactionFee: "0.100000",
      fixFee: "1.000000",
    });
    const phone = await fee(alice.token, "BTC", { amount: "0.01", phone: bob.phone });
    expect(phone.json()).toMatchObject({ fee: "0.00000000", transactionType: "INTERNAL" });
  });

  it("names the field at fault, and answers 404 for another customer's id", async () => {
    expect(
      (await fee(alice.token, "BTC", { amount: "0.01", address: `${OUTSIDE_BTC.slice(0, -1)}v` })).json(),
    ).toMatchObject({
      error: "ADDRESS_CHECKSUM_INVALID",
      field: "address",
    });
    expect((await fee(alice.token, "BTC", { amount: "0.01", address: OUTSIDE_ETH })).json()).toMatchObject({
      error: "ADDRESS_INVALID",
      field: "address",
    });
    expect((await fee(alice.token, "EUR", { amount: "1", address: OUTSIDE_BTC })).json()).toMatchObject({
      error: "ADDRESS_NOT_AVAILABLE",
    });
    expect(
      (await fee(alice.token, "BTC", { amount: "0.01", address: OUTSIDE_BTC, customerId: bob.customerId }))
        .statusCode,
    ).toBe(404);
    expect(
      (await fee(alice.token, "BTC", { amount: "0.01", address: OUTSIDE_BTC, customerId: alice.customerId }))
        .statusCode,
    ).toBe(200);
  });
});

describe("the validate call", () => {
  it.each([
    [{ address: OUTSIDE_BTC, amount: "0.01", currency: "BTC" }, true, undefined],
    [{ address: OUTSIDE_BTC, amount: "0.00001", currency: "BTC" }, false, "BELOW_MINIMUM"],
    [{ address: OUTSIDE_BTC, amount: "0.04999", currency: "BTC" }, false, "INSUFFICIENT_FUNDS"],
    [
      { address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv", amount: "0.01", currency: "BTC" },
      false,
      "ADDRESS_CHECKSUM_INVALID",
    ],
    [
      { address: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH", amount: "0.01", currency: "BTC" },
      false,
      "ADDRESS_INVALID",
    ],
    [{ phone: "4915100000001", amount: "0.01", currency: "BTC" }, false, "RECIPIENT_NOT_FOUND"],
  ] as [Record<string, unknown>, boolean, string | undefined][])(
    "%o: possible %s, reason %s",
    async (body, possible, reason) => {
      const res = await validate(alice.token, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().possibleToExecute).toBe(possible);
      expect(res.json().reason).toBe(reason);
    },
  );

  it("says PER_TRANSACTION_LIMIT for more than a verified customer may send at once", async () => {
    // 0.09 BTC is 5,760 EUR at the sandbox rate, above KYC_2's 5,000 EUR and within the balance.
    const whale = await d.verified();
    await d.faucet(whale.phone, "BTC", "0.1");
    const res = await validate(whale.token, { address: OUTSIDE_BTC, amount: "0.09", currency: "BTC" });
    expect(res.json()).toMatchObject({ possibleToExecute: false, reason: "PER_TRANSACTION_LIMIT" });
  });

  it("blocks amount and fee, and tells an unverified customer why not", async () => {
    const ok = (
      await validate(alice.token, { address: OUTSIDE_BTC, amount: "0.01", currency: "BTC" })
    ).json();
    expect(ok.blockedAmount).toEqual({ value: "0.01003000", currency: "BTC" });
    const newcomer = await d.unverified();
    await d.faucet(newcomer.phone, "BTC", "0.01");
    const res = (
      await validate(newcomer.token, { address: OUTSIDE_BTC, amount: "0.001", currency: "BTC" })
    ).json();
    expect(res).toMatchObject({ possibleToExecute: false, reason: "KYC_REQUIRED" });
    expect(
      (await validate(alice.token, { address: OUTSIDE_BTC, amount: "abc", currency: "BTC" })).statusCode,
    ).toBe(400);
  });
});

describe("sending to an address", () => {
  it("to a customer of the same merchant: an instant, free transfer in both histories", async () => {
    const res = await d.send(alice.token, { address: bobBtc, amount: "0.001", currency: "BTC" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      internal: true,
      status: "COMPLETED",
      fee: "0.00000000",
      amount: "0.00100000",
    });
    expect((await wallet(bob.token, "BTC")).balance).toBe("0.00100000");
    expect((await wallet(alice.token, "BTC")).balance).toBe("0.04900000");
    const sent = await latest(alice.token);
    expect(sent).toMatchObject({ operationId: res.json().txId, type: "SEND_TO_WALLET", status: "COMPLETED" });
    expect(sent.sendToWalletModel).toMatchObject({ toAddress: bobBtc, internal: true, txHash: null });
    const received = await latest(bob.token);
    expect(received).toMatchObject({ operationId: res.json().txId, type: "RECEIVE_CRYPTO", direction: "IN" });
    expect(received.receiveCryptoModel).toMatchObject({
      internal: true,
      fromAddress: null,
      toAddress: bobBtc,
    });
    expect(received.counterparty).toMatch(/^\+491•+\d\d$/);
  });

  it("to an outside address: reserved, broadcast, PENDING, then posted after the confirmations", async () => {
    const res = await d.send(alice.token, {
      address: OUTSIDE_BTC,
      amount: "0.001",
      currency: "BTC",
      fee: "0.00002100",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ internal: false, status: "PENDING", fee: "0.00002100" });
    expect(await wallet(alice.token, "BTC")).toMatchObject({
      balance: "0.04900000",
      availableBalance: "0.04797900",
    });
    expect(await latest(alice.token)).toMatchObject({
      status: "PENDING",
      type: "SEND_TO_WALLET",
      fee: "0.00002100",
    });
    expect(await d.runChainJobs()).toBe(2); // the broadcast, then the first tick
    const broadcast = await latest(alice.token);
    expect(broadcast.sendToWalletModel.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(broadcast.sendToWalletModel).toMatchObject({
      confirmations: 0,
      requiredConfirmations: 2,
      internal: false,
    });
    await d.advance(broadcast.sendToWalletModel.txHash, 2);
    await d.runChainJobs();
    expect(await latest(alice.token)).toMatchObject({ status: "COMPLETED", operationId: res.json().txId });
    expect(await wallet(alice.token, "BTC")).toMatchObject({
      balance: "0.04797900",
      availableBalance: "0.04797900",
    });
    await d.expectInvariants();
  });

  it("refunds a withdrawal the chain fails, through the ledger, and gives its limit back", async () => {
    const before = await wallet(alice.token, "BTC");
    const res = await d.send(alice.token, { address: OUTSIDE_BTC, amount: "0.00100666", currency: "BTC" });
    expect(res.json()).toMatchObject({ status: "PENDING" });
    await d.runChainJobs();
    const { txHash } = (await latest(alice.token)).sendToWalletModel;
    await d.advance(txHash, 1);
    await d.runChainJobs();
    const failed = await latest(alice.token);
    expect(failed).toMatchObject({ status: "FAILED", operationId: res.json().txId });
    expect(failed.sendToWalletModel.failureReason).toMatch(/rejected/);
    expect(await wallet(alice.token, "BTC")).toMatchObject({
      balance: before.balance,
      availableBalance: before.availableBalance,
    });
    const usage = await t.database.pool.query("select released_at from kyc_usage where reference = $1", [
      res.json().txId,
    ]);
    expect(usage.rows[0]?.released_at).not.toBeNull();
    await d.expectInvariants();
  });

  it("asks for an SMS code above the threshold, and sends once the same request brings it", async () => {
    const body = { address: OUTSIDE_ETH, amount: "600", currency: "USDT" };
    const first = await d.send(alice.token, body, "big-one");
    expect(first.statusCode).toBe(403);
    expect(first.json()).toMatchObject({
      error: "SEND_CONFIRMATION_REQUIRED",
      data: { sendConfirmation: true },
    });
    const code = await accountsDriver(t.app, t.database).lastCode(alice.phone);
    const wrong = await d.send(alice.token, body, "big-one", code === "0000" ? "1111" : "0000");
    expect(wrong.json()).toMatchObject({
      error: "CUSTOMER_SMS_CODE_INCORRECT",
      field: "X-Confirmation-Code",
    });
    const confirmed = await d.send(alice.token, body, "big-one", code);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ sendConfirmation: true, status: "PENDING", fee: "4.100000" });
    const replay = await d.send(alice.token, body, "big-one");
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(confirmed.json());
    expect((await wallet(alice.token, "USDT")).availableBalance).toBe("395.900000");
  });

  it("refuses one's own address, and sends to another merchant's customer on the chain", async () => {
    const own = await d.send(alice.token, {
      address: (await wallet(alice.token, "BTC")).address,
      amount: "0.001",
      currency: "BTC",
    });
    expect(own.json()).toMatchObject({ error: "CANNOT_SEND_TO_SELF", field: "address" });
    const nimbus = await accountsDriver(t.app, t.database, NIMBUS_MERCHANT_ID).register("4915155500001");
    const nimbusBtc = (await wallet(nimbus.access_token, "BTC")).address;
    expect(
      (await fee(alice.token, "BTC", { amount: "0.001", address: nimbusBtc })).json().transactionType,
    ).toBe("EXTERNAL");
  });

  it("lets exactly one of 50 concurrent spends of the whole balance through, and each key once", async () => {
    const carol = await d.verified();
    await d.faucet(carol.phone, "USDT", "50");
    const body = { address: OUTSIDE_ETH, amount: "40", currency: "USDT" };
    const spends = await Promise.all(
      Array.from({ length: 50 }, (_, i) => d.send(carol.token, body, `spend-${i}`)),
    );
    expect(spends.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(spends.filter((r) => r.statusCode === 422)).toHaveLength(49);
    expect((await wallet(carol.token, "USDT")).availableBalance).toBe("6.460000");
    // Only the send that went through counts against the limit: the refused ones left no usage.
    const usage = await t.database.pool.query(
      "select 1 from kyc_usage where customer_id = $1 and released_at is null",
      [carol.customerId],
    );
    expect(usage.rowCount).toBe(1);

    const dave = await d.verified();
    await d.faucet(dave.phone, "USDT", "50");
    const same = await Promise.all(
      Array.from({ length: 50 }, () => d.send(dave.token, { ...body, amount: "10" }, "one-key")),
    );
    expect(new Set(same.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(same.map((r) => r.body)).size).toBe(1);
    expect((await wallet(dave.token, "USDT")).availableBalance).toBe("36.490000");
    const rows = await t.database.pool.query("select 1 from crypto_withdrawals where customer_id = $1", [
      dave.customerId,
    ]);
    expect(rows.rowCount).toBe(1);
    await d.runChainJobs();
    await d.expectInvariants();
  });
});
