import { v7 as uuidv7 } from "uuid";
import {
  type ClientSource,
  DEFAULT_RETRY,
  inTransaction,
  type RetryPolicy,
  type Tx,
} from "../../db/transaction.ts";
import { commonErrors } from "../../http/app-error.ts";
import { toLedgerError } from "./ledger.db-errors.ts";
import { ledgerErrors } from "./ledger.errors.ts";
import type { Json, OperationOutcome } from "./ledger.types.ts";
import { requireMerchantId } from "./legs.ts";
import * as ops from "./operations.repository.ts";

/** Stored keys: at most this long (the HTTP header itself: 255, plus the caller's scope prefix). */
const MAX_STORED_KEY_LENGTH = 400;

export type IdempotentRequest = {
  merchantId: string;
  idempotencyKey: string;
  requestHash: string;
  kind: string;
  metadata?: Record<string, Json>;
  /** The work only starts something an outside party finishes: retries get IN_PROGRESS until `finish`. */
  awaitsOutsideParty?: boolean;
};

/**
 * Idempotency for any request, money-moving or not, on the ledger's operations table (one store,
 * one set of rules): the first request with a key runs `work` and stores its response in the
 * same transaction; a retry with the same request gets that response (a retry arriving while
 * the first is still running waits for it); a retry with another request is refused.
 * `work` runs inside the transaction: it must not call outside parties (see awaitsOutsideParty).
 */
export function createIdempotencyService(deps: {
  db: ClientSource;
  clock?: () => Date;
  retry?: RetryPolicy;
}) {
  const { db } = deps;

  async function write<T>(fn: (client: Tx) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(db, fn, deps.retry ?? DEFAULT_RETRY);
    } catch (err) {
      throw toLedgerError(err) ?? err;
    }
  }

  return {
    async run(request: IdempotentRequest, work: (client: Tx) => Promise<Json>): Promise<OperationOutcome> {
      requireMerchantId(request.merchantId);
      requireStoredKey(request.idempotencyKey);
      const operationId = uuidv7();
      return write(async (client) => {
        const stored = await ops.claimOperationSql(client, {
          operationId,
          merchantId: request.merchantId,
          idempotencyKey: request.idempotencyKey,
          requestHash: request.requestHash,
          kind: request.kind,
          metadata: request.metadata ?? {},
          awaiting: request.awaitsOutsideParty ?? false,
          now: deps.clock?.(),
        });
        if (stored) return { operationId: stored.operationId, replayed: true, response: stored.response };
        const built = await work(client);
        const status = request.awaitsOutsideParty ? "awaiting" : "completed";
        const response = await ops.storeResponseSql(client, request.merchantId, operationId, built, status);
        return { operationId, replayed: false, response };
      });
    },

    /** Closes an operation that waited on an outside party; retries get `response` from now on. */
    finish(input: { merchantId: string; operationId: string; response: Json }): Promise<Json> {
      requireMerchantId(input.merchantId);
      return write((client) => finishOperationSql(client, input));
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;

export async function finishOperationSql(
  client: Tx,
  input: { merchantId: string; operationId: string; response: Json },
): Promise<Json> {
  const op = await ops.lockOperationSql(client, input.merchantId, input.operationId);
  if (!op) throw ledgerErrors.create("OPERATION_NOT_FOUND");
  // Finishing twice (a callback delivered again) changes nothing: the first response stays.
  if (op.status === "completed")
    return (await ops.findOperationResponseSql(client, input.merchantId, input.operationId)) ?? null;
  return ops.storeResponseSql(client, input.merchantId, input.operationId, input.response, "completed");
}

export function requireStoredKey(key: string) {
  if (key.length === 0 || key.length > MAX_STORED_KEY_LENGTH) {
    throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
      field: "Idempotency-Key",
      message: `Idempotency-Key: must be 1 to ${MAX_STORED_KEY_LENGTH} characters`,
    });
  }
}
