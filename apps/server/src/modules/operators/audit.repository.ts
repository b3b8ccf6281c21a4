import { and, desc, eq, gte, ilike, inArray, lt, lte, type SQL } from "drizzle-orm";
import type { Db, DbTx } from "../../db/database.ts";
import { operatorAudit } from "../../db/schema/index.ts";

export type AuditRow = typeof operatorAudit.$inferSelect;
export type NewAuditRow = typeof operatorAudit.$inferInsert;

export type AuditFilter = {
  merchantIds: string[];
  action?: string | undefined;
  operator?: string | undefined;
  targetId?: string | undefined;
  outcome?: "DONE" | "REFUSED" | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** An entry's id: entries older than it (ids are UUIDv7, in time order). */
  before?: string | undefined;
  limit: number;
};

/** The audit trail's SQL: inserts and reads only (the table refuses anything else). */
export function createAuditRepository(db: Db) {
  return {
    /** In the caller's transaction when given, so an action and its entry commit together. */
    async append(row: NewAuditRow, tx?: DbTx): Promise<void> {
      await (tx ?? db).insert(operatorAudit).values(row);
    },
    search(f: AuditFilter): Promise<AuditRow[]> {
      const where: SQL[] = [inArray(operatorAudit.merchantId, f.merchantIds)];
      if (f.action) where.push(eq(operatorAudit.action, f.action));
      if (f.operator) where.push(ilike(operatorAudit.operatorEmail, `%${escapeLike(f.operator)}%`));
      if (f.targetId) where.push(eq(operatorAudit.targetId, f.targetId));
      if (f.outcome) where.push(eq(operatorAudit.outcome, f.outcome));
      if (f.from) where.push(gte(operatorAudit.createdAt, f.from));
      if (f.to) where.push(lte(operatorAudit.createdAt, f.to));
      if (f.before) where.push(lt(operatorAudit.id, f.before));
      return db
        .select()
        .from(operatorAudit)
        .where(and(...where))
        .orderBy(desc(operatorAudit.id))
        .limit(f.limit);
    },
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type AuditRepository = ReturnType<typeof createAuditRepository>;
