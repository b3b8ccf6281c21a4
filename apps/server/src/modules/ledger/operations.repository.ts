import type pg from "pg";
import { type RawApplied, type RawReplayed, toResult } from "./ledger.rows.ts";
import type { HouseAccountKind, Json, OperationResult } from "./ledger.types.ts";

type Queryable = Pick<pg.PoolClient, "query">;

// The SQL of operations: the write path (db/functions/ledger_apply_operation.sql and the functions
// it calls) and the idempotency store. Named statements: each connection parses and plans them once.

/** The write path's legs as the SQL function reads them (amounts as decimal strings). */
export type SqlLeg =
  | {
      id: string;
      type: "posted" | "pending";
      debit?: string;
      debitHouse?: HouseAccountKind;
      credit?: string;
      creditHouse?: HouseAccountKind;
      currency: string;
      amount: string;
      timeoutSeconds?: number;
    }
  | { id: string; type: "post_pending"; pendingId: string; amount?: string }
  | { id: string; type: "void_pending" | "expire_pending"; pendingId: string };

export type ApplyArgs = {
  /** Stored with the operation in the same statement (a response that does not need the result). */
  response?: Json;
  operationId: string;
  merchantId: string;
  idempotencyKey: string;
  requestHash: string;
  kind: string;
  legs: SqlLeg[];
  metadata: Record<string, Json>;
  awaiting: boolean;
  now: Date | undefined;
};

export type ApplyOutcome =
  | { outcome: "applied"; result: OperationResult }
  | { outcome: "applied_with_response"; operationId: string; response: Json }
  | { outcome: "replayed"; operationId: string; response: Json };

/**
 * Applies an operation. With `response`, it is stored in the same statement and the outcome's
 * `response` is the stored one; without, the caller stores its own (storeResponseSql).
 * Named statements: each connection parses and plans them once.
 */
export async function applyOperationSql(client: Queryable, a: ApplyArgs): Promise<ApplyOutcome> {
  const values = [
    a.operationId,
    a.merchantId,
    a.idempotencyKey,
    a.requestHash,
    a.kind,
    JSON.stringify(a.legs),
    JSON.stringify(a.metadata),
    a.awaiting,
    a.now ?? null,
    a.response === undefined ? null : JSON.stringify(a.response),
  ];
  const { rows } = await client.query<{ r: RawApplied | RawReplayed }>({
    name: "ledger_apply_operation",
    text: "select ledger_apply_operation($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) as r",
    values,
  });
  const r = rows[0]?.r;
  if (!r) throw new Error("ledger_apply_operation returned nothing");
  if (r.outcome === "replayed") {
    return { outcome: "replayed", operationId: r.operationId, response: r.response };
  }
  if (a.response !== undefined) {
    return { outcome: "applied_with_response", operationId: r.operationId, response: r.response };
  }
  return { outcome: "applied", result: toResult(r) };
}

/** Claims a key for an operation without legs (the generic idempotency service). Null: claimed. */
export async function claimOperationSql(
  client: Queryable,
  a: Omit<ApplyArgs, "legs" | "response">,
): Promise<{ operationId: string; response: Json } | null> {
  const { rows } = await client.query<{ r: RawReplayed | null }>({
    name: "ledger_claim_operation",
    text: "select ledger_claim_operation($1, $2, $3, $4, $5, 0, $6, $7, $8) as r",
    values: [
      a.operationId,
      a.merchantId,
      a.idempotencyKey,
      a.requestHash,
      a.kind,
      JSON.stringify(a.metadata),
      a.awaiting,
      a.now ?? null,
    ],
  });
  const r = rows[0]?.r;
  return r ? { operationId: r.operationId, response: r.response } : null;
}

export async function storeResponseSql(
  client: Queryable,
  merchantId: string,
  operationId: string,
  response: Json,
  status: "completed" | "awaiting",
): Promise<Json> {
  const { rows } = await client.query<{ response: Json }>({
    name: "ledger_store_response",
    text: "select ledger_store_response($1, $2, $3, $4) as response",
    values: [merchantId, operationId, JSON.stringify(response), status],
  });
  return rows[0]?.response ?? null;
}

/** The operation's status, locked so that two finishers of one operation queue up. */
export async function lockOperationSql(
  client: Queryable,
  merchantId: string,
  operationId: string,
): Promise<{ status: string } | undefined> {
  const { rows } = await client.query<{ status: string }>(
    // An UPDATE that changes nothing, not a FOR UPDATE: a write holds the merchant's shard group in
    // place on Citus until the transaction ends (docs/scaling.md, "A transaction's first statement writes").
    "update ledger_operations set status = status where id = $1 and merchant_id = $2 returning status",
    [operationId, merchantId],
  );
  return rows[0];
}

export async function findOperationResponseSql(
  client: Queryable,
  merchantId: string,
  operationId: string,
): Promise<Json | undefined> {
  const { rows } = await client.query<{ response: Json }>(
    "select response from ledger_operations where id = $1 and merchant_id = $2",
    [operationId, merchantId],
  );
  return rows[0]?.response;
}

/** The operation holding a key, if any (committed ones only: the key's claim is its insert). */
export async function findOperationByKeySql(
  client: Queryable,
  merchantId: string,
  idempotencyKey: string,
): Promise<{ id: string; requestHash: string; status: string; response: Json } | undefined> {
  const { rows } = await client.query<{ id: string; requestHash: string; status: string; response: Json }>({
    name: "ledger_find_operation_by_key",
    text: `select id, request_hash as "requestHash", status, response from ledger_operations
           where merchant_id = $1 and idempotency_key = $2`,
    values: [merchantId, idempotencyKey],
  });
  return rows[0];
}
