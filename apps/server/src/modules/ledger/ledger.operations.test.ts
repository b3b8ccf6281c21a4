import { CURRENCIES } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerErrors } from "./ledger.errors.ts";
import {
  createLedgerTestContext,
  houseBalance,
  type LedgerTestContext,
} from "./test-support/ledger-test-context.ts";

let t: LedgerTestContext;
beforeAll(async () => {
  t = await createLedgerTestContext();
});
afterAll(() => t.close());

const key = (name: string) => `test:${name}:${Math.random()}`;

describe("applyOperation", () => {
  it("moves money between two wallets and records a transfer, two entries and the response", async () => {
    const alice = await t.openWallet({ funds: 10_000n });
    const bob = await t.openWallet();
    const outcome = await t.ledger.applyOperation({
      merchantId: t.merchantId,
      idempotencyKey: key("send"),
      requestHash: "h1",
      kind: "transfer_mobile",
      legs: [
        { debit: { accountId: alice.id }, credit: { accountId: bob.id }, amount: 2_500n, currency: "EUR" },
      ],
      buildResponse: (r) => ({
        transferId: r.transfers[0]?.id ?? null,
        balances: r.accounts.map((a) => ({ id: a.id, balance: a.balance.toString() })),
      }),
    });
    expect(outcome.replayed).toBe(false);
    const after = await t.ledger.getAccount({ merchantId: t.merchantId, accountId: alice.id });
    expect(after.balance).toBe(7_500n);
    expect(after.version).toBe(2n);
    expect((await t.ledger.getAccount({ merchantId: t.merchantId, accountId: bob.id })).balance).toBe(2_500n);
    expect(outcome.response).toMatchObject({
      balances: expect.arrayContaining([{ id: bob.id, balance: "2500" }]),
    });
    await t.expectInvariants();
  });

  it("spreads a house account over its shards and reports their sum", async () => {
    const before = await houseBalance(t, "fee_income");
    const payer = await t.openWallet({ funds: 1_000n });
    for (let i = 0; i < 16; i++) {
      await t.ledger.applyOperation({
        merchantId: t.merchantId,
        idempotencyKey: key("fee"),
        requestHash: "fee",
        kind: "adjustment",
        legs: [
          { debit: { accountId: payer.id }, credit: { house: "fee_income" }, amount: 10n, currency: "EUR" },
        ],
        buildResponse: () => null,
      });
    }
    const after = await houseBalance(t, "fee_income");
    expect(after.shards).toHaveLength(8);
    expect(after.balance - before.balance).toBe(160n);
    expect(after.shards.filter((s) => s.version > 0n).length).toBeGreaterThan(1);
  });

  it("replays the stored response for the same key and request, and refuses another request", async () => {
    const alice = await t.openWallet({ funds: 1_000n });
    const bob = await t.openWallet();
    const input = {
      merchantId: t.merchantId,
      idempotencyKey: key("replay"),
      requestHash: "same",
      kind: "transfer_mobile" as const,
      legs: [
        {
          debit: { accountId: alice.id },
          credit: { accountId: bob.id },
          amount: 100n,
          currency: "EUR" as const,
        },
      ],
      buildResponse: (r: { transfers: { id: string }[] }) => ({
        id: r.transfers[0]?.id ?? null,
        z: 1,
        a: [2],
      }),
    };
    const first = await t.ledger.applyOperation(input);
    const again = await t.ledger.applyOperation(input);
    expect(again).toEqual({ ...first, replayed: true });
    expect(JSON.stringify(again.response)).toBe(JSON.stringify(first.response));
    await expect(t.ledger.applyOperation({ ...input, requestHash: "other" })).rejects.toMatchObject({
      code: "IDEMPOTENCY_MISMATCH",
      status: 422,
    });
    expect((await t.ledger.getAccount({ merchantId: t.merchantId, accountId: alice.id })).balance).toBe(900n);
  });

  it("stores a response known up front in the same statement, with the caller's ids", async () => {
    const alice = await t.openWallet({ funds: 1_000n });
    const bob = await t.openWallet();
    const operationId = uuidv7();
    const transferId = uuidv7();
    const input = {
      merchantId: t.merchantId,
      operationId,
      idempotencyKey: key("static"),
      requestHash: "static",
      kind: "transfer_mobile" as const,
      legs: [
        {
          id: transferId,
          debit: { accountId: alice.id },
          credit: { accountId: bob.id },
          amount: 300n,
          currency: "EUR" as const,
        },
      ],
      response: { statusCode: 200, body: { txId: operationId, sequenceId: transferId, amount: "3.00" } },
    };
    const first = await t.ledger.applyOperation(input);
    expect(first).toEqual({ operationId, replayed: false, response: input.response });
    const again = await t.ledger.applyOperation({ ...input, operationId: uuidv7() });
    expect(again).toEqual({ operationId, replayed: true, response: input.response });
    expect(await t.ledger.getTransfer({ merchantId: t.merchantId, transferId })).toMatchObject({
      amount: 300n,
      debitAccountId: alice.id,
    });
    expect((await t.ledger.getAccount({ merchantId: t.merchantId, accountId: alice.id })).balance).toBe(700n);
    await expect(t.ledger.applyOperation({ ...input, requestHash: "other" })).rejects.toMatchObject({
      code: "IDEMPOTENCY_MISMATCH",
    });
    await t.expectInvariants();
  });

  it("lists a customer's accounts and finds their wallet of a currency", async () => {
    const wallet = await t.openWallet({ currency: "BTC" });
    const owner = wallet.ownerId as string;
    const card = await t.ledger.openCustomerAccount({
      merchantId: t.merchantId,
      ownerId: owner,
      kind: "card_balance",
      currency: "EUR",
    });
    const all = await t.ledger.listCustomerAccounts({ merchantId: t.merchantId, ownerId: owner });
    expect(all.map((a) => a.id)).toEqual([wallet.id, card.id]);
    const wallets = await t.ledger.listCustomerAccounts({
      merchantId: t.merchantId,
      ownerId: owner,
      kind: "customer_wallet",
    });
    expect(wallets.map((a) => a.id)).toEqual([wallet.id]);
    expect(
      (await t.ledger.findCustomerWallet({ merchantId: t.merchantId, ownerId: owner, currency: "BTC" }))?.id,
    ).toBe(wallet.id);
    expect(
      await t.ledger.findCustomerWallet({ merchantId: t.merchantId, ownerId: owner, currency: "EUR" }),
    ).toBeUndefined();
  });

  it("keeps the currency table in the database equal to @kestrel/money's", async () => {
    const { rows } = await t.database.pool.query<{ code: string; scale: number }>(
      "select code, scale from ledger_currencies order by code",
    );
    const expected = Object.values(CURRENCIES)
      .map((c) => ({ code: c.code, scale: c.scale }))
      .sort((a, b) => a.code.localeCompare(b.code));
    expect(rows).toEqual(expected);
  });

  it("keeps one wallet per customer and currency", async () => {
    const wallet = await t.openWallet();
    const again = await t.ledger.openCustomerAccount({
      merchantId: t.merchantId,
      ownerId: wallet.ownerId as string,
      kind: "customer_wallet",
      currency: "EUR",
    });
    expect(again.id).toBe(wallet.id);
    expect(ledgerErrors.specs.INSUFFICIENT_FUNDS.status).toBe(422);
  });
});
