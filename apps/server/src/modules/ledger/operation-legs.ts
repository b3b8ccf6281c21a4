import type { ClientSource } from "../../db/transaction.ts";
import { requireMerchantId } from "./legs.ts";

export type OperationLegs = {
  id: string;
  kind: string;
  status: string;
  metadata: unknown;
  createdAt: Date;
  legs: {
    id: string;
    type: string;
    currency: string;
    amount: bigint;
    debit: { id: string; kind: string; ownerId: string | null };
    credit: { id: string; kind: string; ownerId: string | null };
    pendingId: string | null;
    timeoutAt: Date | null;
    createdAt: Date;
  }[];
};

type RawLeg = Omit<OperationLegs["legs"][number], "amount" | "debit" | "credit"> & {
  amount: string;
  debitId: string;
  debitKind: string;
  debitOwner: string | null;
  creditId: string;
  creditKind: string;
  creditOwner: string | null;
};

/**
 * An operation and its transfers, each with the kinds and owners of its two accounts, in the
 * order they were written (a reservation, then its post or void): the back-office's operation
 * page. Read-only, scoped by merchant; only the ledger's own tables.
 */
export async function readOperationLegs(
  db: ClientSource,
  merchantId: string,
  operationId: string,
): Promise<OperationLegs | undefined> {
  requireMerchantId(merchantId);
  return db.withClient(async (c) => {
    const op = await c.query<Omit<OperationLegs, "legs">>(
      `select id, kind, status, metadata, created_at as "createdAt" from ledger_operations
       where merchant_id = $1 and id = $2`,
      [merchantId, operationId],
    );
    const operation = op.rows[0];
    if (!operation) return undefined;
    const legs = await c.query<RawLeg>(
      `select t.id, t.type, t.currency, t.amount, t.pending_id as "pendingId", t.timeout_at as "timeoutAt",
              t.created_at as "createdAt",
              d.id as "debitId", d.kind as "debitKind", d.owner_id as "debitOwner",
              k.id as "creditId", k.kind as "creditKind", k.owner_id as "creditOwner"
       from ledger_transfers t
       join ledger_accounts d on d.id = t.debit_account_id and d.merchant_id = t.merchant_id
       join ledger_accounts k on k.id = t.credit_account_id and k.merchant_id = t.merchant_id
       where t.merchant_id = $1 and t.operation_id = $2
       order by t.created_at, t.id`,
      [merchantId, operationId],
    );
    return {
      ...operation,
      legs: legs.rows.map((r) => ({
        id: r.id,
        type: r.type,
        currency: r.currency,
        amount: BigInt(r.amount),
        debit: { id: r.debitId, kind: r.debitKind, ownerId: r.debitOwner },
        credit: { id: r.creditId, kind: r.creditKind, ownerId: r.creditOwner },
        pendingId: r.pendingId,
        timeoutAt: r.timeoutAt,
        createdAt: r.createdAt,
      })),
    };
  });
}
