import type { KycLevel, OperationConstraint, OperationType } from "../../db/schema/index.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";

/** A merchant's switch of one operation type (merchant_operations). */
export type OperationRow = {
  merchantId: string;
  operationType: OperationType;
  constraint: OperationConstraint;
  kycLevels: KycLevel[];
  updatedAt: Date;
  /** When `constraint` last changed (a trigger keeps it): "in maintenance since" on /status. */
  statusSince: Date;
};
export type NewOperationRow = Pick<OperationRow, "merchantId" | "operationType" | "constraint" | "kycLevels">;

const OPERATION_COLUMNS = `merchant_id as "merchantId", operation_type as "operationType",
  operation_constraint as "constraint", kyc_levels as "kycLevels", updated_at as "updatedAt",
  status_since as "statusSince"`;

/** The merchants' operations catalog: reads through a pooled connection, writes in the caller's Tx. */
export function createCatalogRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  return {
    listOperations: (merchantId: string): Promise<OperationRow[]> =>
      db.withClient((c) => listOperationsSql(c, merchantId)),
    async findOperation(merchantId: string, operationType: OperationType): Promise<OperationRow | undefined> {
      const { rows } = await db.withClient((c) =>
        c.query<OperationRow>(
          `select ${OPERATION_COLUMNS} from merchant_operations where merchant_id = $1 and operation_type = $2`,
          [merchantId, operationType],
        ),
      );
      return rows[0];
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

/** The merchant's rows, read through `tx` (merchant-config's, after the merchant's lock). */
export async function listOperationsSql(tx: Tx, merchantId: string): Promise<OperationRow[]> {
  const { rows } = await tx.query<OperationRow>(
    `select ${OPERATION_COLUMNS} from merchant_operations where merchant_id = $1`,
    [merchantId],
  );
  return rows;
}

/** The merchant's catalog becomes exactly `rows`, in `tx`: others are removed (no longer offered). */
export async function replaceOperationsSql(
  tx: Tx,
  merchantId: string,
  rows: Omit<NewOperationRow, "merchantId">[],
): Promise<void> {
  await tx.query(
    "delete from merchant_operations where merchant_id = $1 and operation_type <> all($2::text[])",
    [merchantId, rows.map((r) => r.operationType)],
  );
  await insertOperationsSql(
    tx,
    rows.map((r) => ({ ...r, merchantId })),
    `on conflict (merchant_id, operation_type) do update set operation_constraint = excluded.operation_constraint,
       kyc_levels = excluded.kyc_levels, updated_at = now()`,
  );
}

/** Idempotent seeding: an operation a merchant already has keeps its switch. */
export async function insertOperationsIfMissingSql(tx: Tx, rows: NewOperationRow[]): Promise<void> {
  await insertOperationsSql(tx, rows, "on conflict do nothing");
}

async function insertOperationsSql(tx: Tx, rows: NewOperationRow[], onConflict: string): Promise<void> {
  if (rows.length === 0) return;
  const values: unknown[] = [];
  const tuples = rows.map(
    (r) =>
      `($${values.push(r.merchantId)}, $${values.push(r.operationType)}, $${values.push(r.constraint)}, $${values.push(r.kycLevels)}::text[])`,
  );
  await tx.query(
    `insert into merchant_operations (merchant_id, operation_type, operation_constraint, kyc_levels)
     values ${tuples.join(", ")} ${onConflict}`,
    values,
  );
}
