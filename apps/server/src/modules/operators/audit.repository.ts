import { and, desc, eq, gte, ilike, inArray, lt, lte, type SQL } from "drizzle-orm";
import type { Db, DbTx } from "../../db/database.ts";
import { operatorAudit } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";

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

/** An entry in a use-case's transaction `tx` (a money use-case's: docs/architecture.md). */
export async function appendAuditSql(tx: Tx, row: NewAuditRow): Promise<void> {
  await tx.query(
    `insert into operator_audit (merchant_id, id, operator_id, operator_email, action, outcome, target_type,
       target_id, changes, reason, ip)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      row.merchantId,
      row.id,
      row.operatorId ?? null,
      row.operatorEmail ?? null,
      row.action,
      row.outcome,
      row.targetType ?? null,
      row.targetId ?? null,
      row.changes === null || row.changes === undefined ? null : JSON.stringify(row.changes),
      row.reason ?? null,
      row.ip ?? null,
    ],
  );
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type AuditRepository = ReturnType<typeof createAuditRepository>;
