import { type CurrencyCode, isCurrencyCode } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { HOUSE_ACCOUNT_KINDS } from "../../db/schema/ledger.ts";
import {
  type ClientSource,
  DEFAULT_RETRY,
  inTransaction,
  type RetryPolicy,
  type Tx,
} from "../../db/transaction.ts";
import { enqueueJobs, type FollowUpJob } from "../../jobs/enqueue.ts";
import { moneyOperations } from "../../metrics/registry.ts";
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
import * as ops from "./operations.repository.ts";
import { createLedgerReports } from "./report.queries.ts";

export type { DailyFiguresBatch, DailyMovement } from "./report.queries.ts";

/** The worker's task that releases a reservation at its deadline (jobs/expire-pending-transfers.ts). */
export const EXPIRE_PENDING_TASK = "ledger_expire_pending";

/** One expiry job per reservation, at its deadline (the same time the SQL gives it: now + timeout). */
function expiryJobs(args: ops.ApplyArgs): FollowUpJob[] {
  return args.legs.flatMap((leg) =>
    leg.type === "pending"
      ? [
          {
            task: EXPIRE_PENDING_TASK,
            payload: { merchantId: args.merchantId, transferId: leg.id },
            runAfterSeconds: leg.timeoutSeconds ?? 0,
            jobKey: `${EXPIRE_PENDING_TASK}:${leg.id}`,
          },
        ]
      : [],
  );
}

/** Sub-accounts per house account: enough that no single row serialises a merchant's traffic. */
export const DEFAULT_HOUSE_SHARDS = 8;

export type LedgerDeps = {
  db: ClientSource;
  /** Time of the ledger; unset: the database's now(). Tests and the sandbox clock set it. */
  clock?: () => Date;
  houseShards?: number;
  retry?: RetryPolicy;
};

export type ExpireOutcome = "expired" | "already_resolved" | "not_due";

export function createLedgerService(deps: LedgerDeps) {
  const { db } = deps;
  const now = () => deps.clock?.();
  const shards = deps.houseShards ?? DEFAULT_HOUSE_SHARDS;
  const retry = deps.retry ?? DEFAULT_RETRY;

  /** A write of the ledger's own (accounts, expiry): one transaction, database refusals as typed errors. */
  async function write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(db, fn, retry);
    } catch (err) {
      throw toLedgerError(err) ?? err;
    }
  }

  /**
   * The one way money moves: claims the key, applies every leg or none, stores the response, in
   * the caller's transaction `tx`. A replay changes nothing and answers the stored response;
   * a refusal throws a typed ledger error (the caller's transaction then rolls back whole).
   */
  async function apply(tx: Tx, input: ApplyOperationInput): Promise<OperationOutcome> {
    requireMerchantId(input.merchantId);
    requireStoredKey(input.idempotencyKey);
    if (input.operationId !== undefined) requireOperationId(input.operationId);
    const args: ops.ApplyArgs = {
      operationId: input.operationId ?? uuidv7(),
      merchantId: input.merchantId,
      idempotencyKey: input.idempotencyKey,
      requestHash: input.requestHash,
      kind: input.kind,
      legs: toSqlLegs(input.legs),
      metadata: input.metadata ?? {},
      awaiting: input.awaitsOutsideParty ?? false,
      now: now(),
      response: input.response,
    };
    try {
      const outcome = await ops.applyOperationSql(tx, args);
      if (outcome.outcome === "replayed") {
        moneyOperations.inc({ kind: args.kind, outcome: "replayed" });
        return { operationId: outcome.operationId, replayed: true, response: outcome.response };
      }
      await enqueueJobs(tx, expiryJobs(args), args.now);
      if (outcome.outcome === "applied_with_response") {
        moneyOperations.inc({ kind: args.kind, outcome: "applied" });
        return { operationId: outcome.operationId, replayed: false, response: outcome.response };
      }
      if (!input.buildResponse) throw new Error("ledger_apply_operation stored no response");
      // Built inside the transaction: if it throws, nothing moves and the key stays free.
      const built = input.buildResponse(outcome.result);
      const status = input.awaitsOutsideParty ? "awaiting" : "completed";
      const response = await ops.storeResponseSql(tx, args.merchantId, args.operationId, built, status);
      moneyOperations.inc({ kind: args.kind, outcome: "applied" });
      return { operationId: args.operationId, replayed: false, response };
    } catch (err) {
      const refusal = toLedgerError(err);
      moneyOperations.inc({ kind: args.kind, outcome: refusal ? "refused" : "failed" });
      throw refusal ?? err;
    }
  }

  /** Releases a reservation whose deadline has passed (the worker's job; idempotent). */
  async function expirePending(input: { merchantId: string; pendingId: string }): Promise<ExpireOutcome> {
    try {
      const { replayed } = await write((tx) =>
        apply(tx, {
          merchantId: input.merchantId,
          idempotencyKey: `ledger:expire:${input.pendingId}`,
          requestHash: `expire:${input.pendingId}`,
          kind: "expire_pending",
          legs: [{ type: "expire_pending", pendingId: input.pendingId }],
          buildResponse: (r) => ({ transferId: r.transfers[0]?.id ?? null }),
        }),
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
    ...createLedgerReports({ db }),

    apply,

    /**
     * A use-case that moves money and writes nothing else: `apply` in a transaction of its own.
     * All legs or none, at most once per idempotency key; a retry with the same key and request
     * gets the stored response (waiting for a first attempt still in flight).
     */
    applyOperation(input: ApplyOperationInput): Promise<OperationOutcome> {
      return write((tx) => apply(tx, input));
    },

    /** Closes an operation that waited on an outside party: retries get `response` from now on. */
    finishOperation(input: { merchantId: string; operationId: string; response: Json }): Promise<Json> {
      requireMerchantId(input.merchantId);
      return write((tx) => finishOperationSql(tx, input));
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
      return write(async (client) => {
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
      await write((client) => repo.insertAccountsSql(client, rows));
    },

    /** Closes an empty account: it takes no new transfers (releasing reservations still works). */
    async closeAccount(input: { merchantId: string; accountId: string }): Promise<void> {
      requireMerchantId(input.merchantId);
      const result = await write((c) => repo.closeEmptyAccountSql(c, input.merchantId, input.accountId));
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
