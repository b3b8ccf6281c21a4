import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import type { Account } from "./ledger.types.ts";
import { createLedgerTestContext, type LedgerTestContext } from "./test-support/ledger-test-context.ts";

// What the database refuses on its own, whatever code (ours, a script, a psql session) asks.

let t: LedgerTestContext;
let alice: Account;
let bob: Account;
let btc: Account;
let foreign: Account;
let operationId: string;
let pendingId: string;
beforeAll(async () => {
  t = await createLedgerTestContext();
  alice = await t.openWallet({ funds: 1_000n });
  bob = await t.openWallet();
  btc = await t.openWallet({ currency: "BTC" });
  foreign = await t.ledger.openCustomerAccount({
    merchantId: NIMBUS_MERCHANT_ID,
    ownerId: uuidv7(),
    kind: "customer_wallet",
    currency: "EUR",
  });
  const reserved = await t.ledger.applyOperation({
    merchantId: t.merchantId,
    idempotencyKey: "test:backstop:reserve",
    requestHash: "h",
    kind: "sandbox_credit" as const,
    legs: [
      {
        debit: { accountId: alice.id },
        credit: { accountId: bob.id },
        amount: 100n,
        currency: "EUR",
        pending: { timeoutSeconds: 60 },
      },
    ],
    buildResponse: (r) => ({ pendingId: r.transfers[0]?.id ?? null }),
  });
  operationId = reserved.operationId;
  pendingId = (reserved.response as { pendingId: string }).pendingId;
  await t.ledger.applyOperation({
    merchantId: t.merchantId,
    idempotencyKey: "test:backstop:void",
    requestHash: "h",
    kind: "sandbox_credit" as const,
    legs: [{ type: "void_pending", pendingId }],
    buildResponse: () => null,
  });
});
afterAll(() => t.close());

const sql = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);

function insertTransfer(o: {
  debit: string;
  credit: string;
  currency?: string;
  type?: string;
  pendingId?: string;
}) {
  return sql(
    `insert into ledger_transfers (id, operation_id, merchant_id, debit_account_id, credit_account_id, currency,
                                   amount, type, pending_id, created_at)
     values ($1, $2, $3, $4, $5, $6, 1, $7, $8, now())`,
    [
      uuidv7(),
      operationId,
      t.merchantId,
      o.debit,
      o.credit,
      o.currency ?? "EUR",
      o.type ?? "posted",
      o.pendingId ?? null,
    ],
  );
}

describe("the database as backstop", () => {
  it("keeps transfers, entries, operations and accounts append-only", async () => {
    const refused = { code: "23001" };
    await expect(sql("update ledger_transfers set amount = amount + 1")).rejects.toMatchObject(refused);
    await expect(sql("delete from ledger_transfers")).rejects.toMatchObject(refused);
    await expect(sql("update ledger_entries set credits_posted = 0")).rejects.toMatchObject(refused);
    await expect(sql("delete from ledger_entries")).rejects.toMatchObject(refused);
    await expect(sql("truncate ledger_entries")).rejects.toMatchObject(refused);
    await expect(sql("delete from ledger_operations")).rejects.toMatchObject(refused);
    await expect(sql("delete from ledger_accounts where id = $1", [bob.id])).rejects.toMatchObject(refused);
  });

  it("fixes an operation's identity and its response once stored", async () => {
    const refused = { code: "23001" };
    await expect(
      sql("update ledger_operations set request_hash = 'x' where id = $1", [operationId]),
    ).rejects.toMatchObject(refused);
    await expect(
      sql(`update ledger_operations set response = '{"forged": true}' where id = $1`, [operationId]),
    ).rejects.toMatchObject(refused);
  });

  it("refuses a customer account below zero, even written by hand", async () => {
    await expect(
      sql("update ledger_accounts set debits_posted = credits_posted + 1 where id = $1", [alice.id]),
    ).rejects.toMatchObject({ code: "23514", constraint: "ledger_accounts_not_overdrawn" });
    await expect(
      sql("update ledger_accounts set debits_pending = credits_posted - debits_posted + 1 where id = $1", [
        alice.id,
      ]),
    ).rejects.toMatchObject({ code: "23514" });
  });

  it("checks an account's kind, owner and shard at creation, and fixes them afterwards", async () => {
    const insert = (kind: string, ownerId: string | null, shard = 0) =>
      sql(
        `insert into ledger_accounts (id, merchant_id, owner_id, kind, currency, shard)
         values ($1, $2, $3, $4, 'EUR', $5)`,
        [uuidv7(), t.merchantId, ownerId, kind, shard],
      );
    const invalid = { code: "23514", constraint: "ledger_accounts_kind" };
    await expect(insert("customer_wallet", null)).rejects.toMatchObject(invalid);
    await expect(insert("fee_income", uuidv7())).rejects.toMatchObject(invalid);
    await expect(insert("piggy_bank", uuidv7())).rejects.toMatchObject(invalid);
    await expect(insert("card_balance", uuidv7(), 3)).rejects.toMatchObject(invalid);
    await expect(insert("fee_income", null, 64)).rejects.toMatchObject({
      code: "23514",
      constraint: "ledger_accounts_shard",
    });
    await expect(
      sql("update ledger_accounts set kind = 'card_balance' where id = $1", [alice.id]),
    ).rejects.toMatchObject({
      code: "23001",
    });
    await expect(
      sql("update ledger_accounts set owner_id = null where id = $1", [alice.id]),
    ).rejects.toMatchObject({
      code: "23001",
    });
  });

  it("refuses a transfer that crosses currencies or merchants (composite foreign keys)", async () => {
    await expect(insertTransfer({ debit: alice.id, credit: btc.id })).rejects.toMatchObject({
      code: "23503",
      constraint: "ledger_transfers_credit_account",
    });
    await expect(insertTransfer({ debit: btc.id, credit: alice.id, currency: "BTC" })).rejects.toMatchObject({
      code: "23503",
      constraint: "ledger_transfers_credit_account",
    });
    await expect(insertTransfer({ debit: foreign.id, credit: alice.id })).rejects.toMatchObject({
      code: "23503",
      constraint: "ledger_transfers_debit_account",
    });
  });

  it("resolves a reservation at most once (unique index)", async () => {
    await expect(
      insertTransfer({ debit: alice.id, credit: bob.id, type: "post_pending", pendingId }),
    ).rejects.toMatchObject({ code: "23505", constraint: "ledger_transfers_resolve_once" });
  });

  it("refuses zero amounts and one-account transfers", async () => {
    await expect(
      sql(
        `insert into ledger_transfers (id, operation_id, merchant_id, debit_account_id, credit_account_id, currency,
                                       amount, type, created_at)
         values ($1, $2, $3, $4, $5, 'EUR', 0, 'posted', now())`,
        [uuidv7(), operationId, t.merchantId, alice.id, bob.id],
      ),
    ).rejects.toMatchObject({ code: "23514", constraint: "ledger_transfers_amount_positive" });
    await expect(insertTransfer({ debit: alice.id, credit: alice.id })).rejects.toMatchObject({
      code: "23514",
      constraint: "ledger_transfers_two_accounts",
    });
    await t.expectInvariants();
  });
});
