import { and, eq, notInArray, sql } from "drizzle-orm";
import type { Db, DbTx } from "../../db/database.ts";
import { merchantOperations, type OperationType } from "../../db/schema/index.ts";

export type OperationRow = typeof merchantOperations.$inferSelect;
export type NewOperationRow = typeof merchantOperations.$inferInsert;

export function createCatalogRepository(db: Db) {
  return {
    listOperations(merchantId: string): Promise<OperationRow[]> {
      return db.select().from(merchantOperations).where(eq(merchantOperations.merchantId, merchantId));
    },
    async findOperation(merchantId: string, operationType: OperationType): Promise<OperationRow | undefined> {
      const [row] = await db
        .select()
        .from(merchantOperations)
        .where(
          and(
            eq(merchantOperations.merchantId, merchantId),
            eq(merchantOperations.operationType, operationType),
          ),
        )
        .limit(1);
      return row;
    },
    /** The merchant's rows read in `tx` (after the merchant's configuration lock). */
    listOperationsIn(tx: DbTx, merchantId: string): Promise<OperationRow[]> {
      return tx.select().from(merchantOperations).where(eq(merchantOperations.merchantId, merchantId));
    },
    /** The merchant's catalog becomes exactly `rows`: others are removed (no longer offered). */
    async replaceOperations(tx: DbTx, merchantId: string, rows: Omit<NewOperationRow, "merchantId">[]) {
      const types = rows.map((r) => r.operationType);
      await tx
        .delete(merchantOperations)
        .where(
          and(
            eq(merchantOperations.merchantId, merchantId),
            types.length > 0 ? notInArray(merchantOperations.operationType, types) : undefined,
          ),
        );
      if (rows.length === 0) return;
      await tx
        .insert(merchantOperations)
        .values(rows.map((r) => ({ ...r, merchantId })))
        .onConflictDoUpdate({
          target: [merchantOperations.merchantId, merchantOperations.operationType],
          set: {
            constraint: sql`excluded.operation_constraint`,
            kycLevels: sql`excluded.kyc_levels`,
            updatedAt: sql`now()`,
          },
        });
    },
    /** Idempotent seeding: an operation a merchant already has keeps its switch. */
    async insertOperationsIfMissing(rows: NewOperationRow[]): Promise<void> {
      if (rows.length > 0) await db.insert(merchantOperations).values(rows).onConflictDoNothing();
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
