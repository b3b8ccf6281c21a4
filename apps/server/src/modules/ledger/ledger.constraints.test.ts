import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Account } from "./ledger.types.ts";
import { createLedgerTestContext, type LedgerTestContext } from "./test-support/ledger-test-context.ts";

// The CHECKs and the foreign key that migrations 0006 and 0009 had dropped for speed, restored by
// 0021: each one refuses a bad row written straight in SQL, whatever code writes it.

let t: LedgerTestContext;
let alice: Account;
let bob: Account;
let operationId: string;
let transferId: string;
beforeAll(async () => {
  t = await createLedgerTestContext();
  alice = await t.openWallet({ funds: 1_000n });
  bob = await t.openWallet();
  const moved = await t.ledger.applyOperation({
    merchantId: t.merchantId,
    idempotencyKey: "test:constraints:move",
    requestHash: "h",
    kind: "sandbox_credit" as const,
    legs: [{ debit: { accountId: alice.id }, credit: { accountId: bob.id }, amount: 10n, currency: "EUR" }],
    buildResponse: (r) => ({ transferId: r.transfers[0]?.id ?? null }),
  });
  operationId = moved.operationId;
  transferId = (moved.response as { transferId: string }).transferId;
});
afterAll(() => t.close());

const sql = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);
const violates = (constraint: string) => ({ code: "23514", constraint });

function insertOperation(o: { status?: string; key?: string; legCount?: number }) {
  return sql(
    `insert into ledger_operations (id, merchant_id, idempotency_key, request_hash, kind, status, leg_count, metadata, created_at)
     values ($1, $2, $3, 'h', 'test', $4, $5, '{}', now())`,
    [
      uuidv7(),
      t.merchantId,
      o.key ?? `test:constraints:${uuidv7()}`,
      o.status ?? "completed",
      o.legCount ?? 0,
    ],
  );
}

function insertTransfer(o: { type: string; pendingId?: string | null; timeoutAt?: Date | null }) {
  return sql(
    `insert into ledger_transfers (id, operation_id, merchant_id, debit_account_id, credit_account_id, currency,
                                   amount, type, pending_id, timeout_at, created_at)
     values ($1, $2, $3, $4, $5, 'EUR', 1, $6, $7, $8, now())`,
    [uuidv7(), operationId, t.merchantId, alice.id, bob.id, o.type, o.pendingId ?? null, o.timeoutAt ?? null],
  );
}

function insertEntry(o: { accountId: string; version: number; side: string; merchantId?: string }) {
  return sql(
    `insert into ledger_entries (merchant_id, account_id, version, transfer_id, side, created_at)
     values ($1, $2, $3, $4, $5, now())`,
    [o.merchantId ?? t.merchantId, o.accountId, o.version, transferId, o.side],
  );
}

describe("the ledger's restored backstops", () => {
  it("ledger_accounts_version: an account's entry count is never negative", async () => {
    await expect(
      sql("update ledger_accounts set version = -1 where id = $1", [bob.id]),
    ).rejects.toMatchObject(violates("ledger_accounts_version"));
  });

  it("ledger_accounts_shard: a house account has one of 64 shards", async () => {
    await expect(
      sql(
        `insert into ledger_accounts (id, merchant_id, owner_id, kind, currency, shard)
         values ($1, $2, null, 'liquidity', 'EUR', -1)`,
        [uuidv7(), t.merchantId],
      ),
    ).rejects.toMatchObject(violates("ledger_accounts_shard"));
  });

  it("ledger_accounts_kind: a customer's kind has an owner, a house kind has none", async () => {
    await expect(
      sql(
        `insert into ledger_accounts (id, merchant_id, owner_id, kind, currency, shard)
         values ($1, $2, null, 'deposit_principal', 'EUR', 0)`,
        [uuidv7(), t.merchantId],
      ),
    ).rejects.toMatchObject(violates("ledger_accounts_kind"));
  });

  it("ledger_operations_status: completed or awaiting", async () => {
    await expect(insertOperation({ status: "half-done" })).rejects.toMatchObject(
      violates("ledger_operations_status"),
    );
  });

  it("ledger_operations_key_length: a key of 1 to 400 characters", async () => {
    await expect(insertOperation({ key: "" })).rejects.toMatchObject(
      violates("ledger_operations_key_length"),
    );
    await expect(insertOperation({ key: "k".repeat(401) })).rejects.toMatchObject(
      violates("ledger_operations_key_length"),
    );
  });

  it("ledger_operations_leg_count: never negative", async () => {
    await expect(insertOperation({ legCount: -1 })).rejects.toMatchObject(
      violates("ledger_operations_leg_count"),
    );
  });

  it("ledger_transfers_type: one of the five transfer types", async () => {
    await expect(insertTransfer({ type: "gift" })).rejects.toMatchObject(violates("ledger_transfers_type"));
  });

  it("ledger_transfers_resolution_names_pending: a resolution names its reservation, nothing else does", async () => {
    await expect(insertTransfer({ type: "void_pending", pendingId: null })).rejects.toMatchObject(
      violates("ledger_transfers_resolution_names_pending"),
    );
    await expect(insertTransfer({ type: "posted", pendingId: transferId })).rejects.toMatchObject(
      violates("ledger_transfers_resolution_names_pending"),
    );
  });

  it("ledger_transfers_pending_has_timeout: a reservation, and only a reservation, has a deadline", async () => {
    await expect(insertTransfer({ type: "pending", timeoutAt: null })).rejects.toMatchObject(
      violates("ledger_transfers_pending_has_timeout"),
    );
    await expect(insertTransfer({ type: "posted", timeoutAt: new Date() })).rejects.toMatchObject(
      violates("ledger_transfers_pending_has_timeout"),
    );
  });

  it("ledger_entries_version: versions start at 1", async () => {
    await expect(insertEntry({ accountId: bob.id, version: 0, side: "credit" })).rejects.toMatchObject(
      violates("ledger_entries_version"),
    );
  });

  it("ledger_entries_side: debit or credit", async () => {
    await expect(insertEntry({ accountId: bob.id, version: 1_000, side: "both" })).rejects.toMatchObject(
      violates("ledger_entries_side"),
    );
  });

  it("ledger_entries_account_of_merchant: an entry belongs to an account that exists", async () => {
    await expect(insertEntry({ accountId: uuidv7(), version: 1, side: "credit" })).rejects.toMatchObject({
      code: "23503",
      constraint: "ledger_entries_account_of_merchant",
    });
  });

  it("ledger_entries_account_of_merchant: an entry carries its account's merchant, not another", async () => {
    const other = await sql("select id from merchants where id <> $1 limit 1", [t.merchantId]);
    await expect(
      insertEntry({ accountId: bob.id, version: 1_000, side: "credit", merchantId: other.rows[0]?.id }),
    ).rejects.toMatchObject({ code: "23503", constraint: "ledger_entries_account_of_merchant" });
  });
});
