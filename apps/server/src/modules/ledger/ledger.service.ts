import { type CurrencyCode, isCurrencyCode } from "@kestrel/money";
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { HOUSE_ACCOUNT_KINDS } from "../../db/schema/ledger.ts";
import { finishOperationSql, requireStoredKey } from "./idempotency.service.ts";
import { toLedgerError } from "./ledger.db-errors.ts";
import { ledgerErrors } from "./ledger.errors.ts";
import { createLedgerQueries } from "./ledger.queries.ts";
import * as repo from "./ledger.repository.ts";
import type {
  Account,
  ApplyOperationInput,
  CustomerAccountKind,
  Json,
  OperationOutcome,
} from "./ledger.types.ts";
import { requireMerchantId, requireOperationId, toSqlLegs } from "./legs.ts";
import { createOperationBatcher } from "./operation-batcher.ts";
import * as ops from "./operations.repository.ts";
import { type ClientSource, DEFAULT_RETRY, inTransaction, type RetryPolicy } from "./transaction.ts";

/** Sub-accounts per house account: enough that no single row serialises a merchant's traffic. */
export const DEFAULT_HOUSE_SHARDS = 8;

export type LedgerDeps = {
  db: ClientSource;
  /** Time of the ledger; unset: the database's now(). Tests and the sandbox clock set it. */
  clock?: () => Date;
  houseShards?: number;
  retry?: RetryPolicy;
  /** Told the size of every statement of the write batcher (metrics, tests). */
  onBatch?: (size: number) => void;
};

export type ExpireOutcome = "expired" | "already_resolved" | "not_due";

export function createLedgerService(deps: LedgerDeps) {
  const { db } = deps;
  const now = () => deps.clock?.();
  const shards = deps.houseShards ?? DEFAULT_HOUSE_SHARDS;
  const retry = deps.retry ?? DEFAULT_RETRY;
  const batcher = createOperationBatcher(db, retry, deps.onBatch);

  /** Every write: one transaction, retried on conflicts, database refusals as typed errors. */
  async function write<T>(run: typeof inTransaction, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    try {
      return await run(db, fn, retry);
    } catch (err) {
      throw toLedgerError(err) ?? err;
    }
  }

  async function apply(input: ApplyOperationInput, legs: ops.SqlLeg[]): Promise<OperationOutcome> {
    requireMerchantId(input.merchantId);
    requireStoredKey(input.idempotencyKey);
    if (input.operationId !== undefined) requireOperationId(input.operationId);
    const args: ops.ApplyArgs = {
      operationId: input.operationId ?? uuidv7(),
      merchantId: input.merchantId,
      idempotencyKey: input.idempotencyKey,
      requestHash: input.requestHash,
      kind: input.kind,
      legs,
      metadata: input.metadata ?? {},
      jobs: input.jobs ?? [],
      awaiting: input.awaitsOutsideParty ?? false,
      now: now(),
    };
    const { buildResponse, alongside, companions } = input;
    if (buildResponse && companions) throw new Error("companions need a response known up front");
    if (!buildResponse) {
      // The whole operation, response and companion writes included, is one statement: its own
      // transaction, possibly shared with others that queued meanwhile (the batcher); with the
      // caller's own writes alongside, a transaction of a few.
      const withResponse = { ...args, response: input.response ?? null };
      const outcome = alongside
        ? await write(inTransaction, async (client) => {
            const applied = await ops.applyOperationSql(client, withResponse, companions);
            if (applied.outcome === "applied_with_response") await alongside(client);
            return applied;
          })
        : await batcher.apply(withResponse, companions).catch((err: unknown) => {
            throw toLedgerError(err) ?? err;
          });
      if (outcome.outcome === "applied") throw new Error("ledger_apply_operation ignored the response");
      return {
        operationId: outcome.operationId,
        replayed: outcome.outcome === "replayed",
        response: outcome.response,
      };
    }
    return write(inTransaction, async (client) => {
      const outcome = await ops.applyOperationSql(client, args);
      if (outcome.outcome !== "applied") {
        return { operationId: outcome.operationId, replayed: true, response: outcome.response };
      }
      // Built inside the transaction: if it throws, nothing moves and the key stays free.
      const built = buildResponse(outcome.result);
      const status = input.awaitsOutsideParty ? "awaiting" : "completed";
      const response = await ops.storeResponseSql(client, args.operationId, built, status);
      await alongside?.(client);
      return { operationId: args.operationId, replayed: false, response };
    });
  }

  /** Releases a reservation whose deadline has passed (the worker's job; idempotent). */
  async function expirePending(input: { merchantId: string; pendingId: string }): Promise<ExpireOutcome> {
    try {
      const { replayed } = await apply(
        {
          merchantId: input.merchantId,
          idempotencyKey: `ledger:expire:${input.pendingId}`,
          requestHash: `expire:${input.pendingId}`,
          kind: "expire_pending",
          legs: [],
          buildResponse: (r) => ({ transferId: r.transfers[0]?.id ?? null }),
        },
        [{ id: uuidv7(), type: "expire_pending", pendingId: input.pendingId }],
      );
      return replayed ? "already_resolved" : "expired";
    } catch (err) {
      if (ledgerErrors.is(err, "PENDING_ALREADY_RESOLVED")) return "already_resolved";
      if (ledgerErrors.is(err, "PENDING_NOT_EXPIRED")) return "not_due";
      throw err;
    }
  }

  return {
    ...createLedgerQueries({ db }),

    /**
     * Applies one operation: all legs or none, at most once per idempotency key. A retry with the
     * same key and request gets the stored response (waiting for a first attempt still in flight).
     */
    async applyOperation(input: ApplyOperationInput): Promise<OperationOutcome> {
      return apply(input, toSqlLegs(input.legs));
    },

    /** Closes an operation that waited on an outside party: retries get `response` from now on. */
    finishOperation(input: { merchantId: string; operationId: string; response: Json }): Promise<Json> {
      requireMerchantId(input.merchantId);
      return write(inTransaction, (client) => finishOperationSql(client, input));
    },

    /** Opens a customer's account; a customer has one wallet per currency (an existing one is returned). */
    async openCustomerAccount(input: {
      merchantId: string;
      ownerId: string;
      kind: CustomerAccountKind;
      currency: string;
    }): Promise<Account> {
      requireMerchantId(input.merchantId);
      const currency = requireCurrency(input.currency);
      const id = uuidv7();
      return write(inTransaction, async (client) => {
        await repo.insertAccountsSql(client, [
          { ...input, id, currency, shard: 0, debitsMustNotExceedCredits: true },
        ]);
        const account =
          input.kind === "customer_wallet"
            ? await repo.findCustomerWalletSql(client, input.merchantId, input.ownerId, currency)
            : await repo.findAccountSql(client, input.merchantId, id);
        if (!account) throw new Error("account vanished after insert");
        return account;
      });
    },

    /** Creates the merchant's house accounts of a currency (every kind, every shard) if missing. */
    async ensureHouseAccounts(input: { merchantId: string; currency: string }): Promise<void> {
      requireMerchantId(input.merchantId);
      const currency = requireCurrency(input.currency);
      const rows = HOUSE_ACCOUNT_KINDS.flatMap((kind) =>
        Array.from({ length: shards }, (_, shard) => ({
          id: uuidv7(),
          merchantId: input.merchantId,
          ownerId: null,
          kind,
          currency,
          shard,
          debitsMustNotExceedCredits: false,
        })),
      );
      await write(inTransaction, (client) => repo.insertAccountsSql(client, rows));
    },

    /** Closes an empty account: it takes no new transfers (releasing reservations still works). */
    async closeAccount(input: { merchantId: string; accountId: string }): Promise<void> {
      requireMerchantId(input.merchantId);
      const result = await write(inTransaction, (c) =>
        repo.closeEmptyAccountSql(c, input.merchantId, input.accountId),
      );
      if (result === undefined) throw ledgerErrors.create("ACCOUNT_NOT_FOUND");
      if (result === "not_empty") throw ledgerErrors.create("ACCOUNT_NOT_EMPTY");
    },

    expirePending,

    /** Expires up to `limit` overdue reservations, each in its own operation; returns how many. */
    async expireDuePending(input: { limit?: number } = {}): Promise<number> {
      const due = await db.withClient((c) => repo.listDuePendingSql(c, now(), input.limit ?? 100));
      let expired = 0;
      for (const { merchantId, transferId } of due) {
        if ((await expirePending({ merchantId, pendingId: transferId })) === "expired") expired++;
      }
      return expired;
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;

function requireCurrency(code: string): CurrencyCode {
  if (!isCurrencyCode(code)) throw ledgerErrors.create("UNKNOWN_CURRENCY");
  return code;
}
