import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
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
    /** Idempotent seeding: an operation a merchant already has keeps its switch. */
    async insertOperationsIfMissing(rows: NewOperationRow[]): Promise<void> {
      if (rows.length > 0) await db.insert(merchantOperations).values(rows).onConflictDoNothing();
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
