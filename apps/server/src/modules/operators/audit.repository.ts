import type { ClientSource, Tx } from "../../db/transaction.ts";

export type AuditRow = {
  merchantId: string;
  id: string;
  operatorId: string | null;
  operatorEmail: string | null;
  action: string;
  outcome: "DONE" | "REFUSED";
  targetType: string | null;
  targetId: string | null;
  changes: Record<string, unknown> | null;
  reason: string | null;
  ip: string | null;
  createdAt: Date;
};
export type NewAuditRow = Omit<AuditRow, "createdAt">;

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

const AUDIT_COLUMNS = `merchant_id as "merchantId", id, operator_id as "operatorId", operator_email as "operatorEmail",
  action, outcome, target_type as "targetType", target_id as "targetId", changes, reason, ip,
  created_at as "createdAt"`;

/** The audit trail's SQL: inserts and reads only (the table refuses anything else). */
export function createAuditRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  return {
    /** An entry on its own (no use-case's transaction to commit with). */
    append: (row: NewAuditRow) => db.withClient((c) => appendAuditSql(c, row)),
    async search(f: AuditFilter): Promise<AuditRow[]> {
      const params: unknown[] = [f.merchantIds];
      const where = ["merchant_id = any($1::uuid[])"];
      const add = (condition: (p: string) => string, value: unknown) => {
        params.push(value);
        where.push(condition(`$${params.length}`));
      };
      if (f.action) add((p) => `action = ${p}`, f.action);
      if (f.operator) add((p) => `operator_email ilike ${p}`, `%${escapeLike(f.operator)}%`);
      if (f.targetId) add((p) => `target_id = ${p}`, f.targetId);
      if (f.outcome) add((p) => `outcome = ${p}`, f.outcome);
      if (f.from) add((p) => `created_at >= ${p}`, f.from);
      if (f.to) add((p) => `created_at <= ${p}`, f.to);
      if (f.before) add((p) => `id < ${p}`, f.before);
      params.push(f.limit);
      const { rows } = await db.withClient((c) =>
        c.query<AuditRow>(
          `select ${AUDIT_COLUMNS} from operator_audit where ${where.join(" and ")}
           order by id desc limit $${params.length}`,
          params,
        ),
      );
      return rows;
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
      row.operatorId,
      row.operatorEmail,
      row.action,
      row.outcome,
      row.targetType,
      row.targetId,
      row.changes === null ? null : JSON.stringify(row.changes),
      row.reason,
      row.ip,
    ],
  );
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type AuditRepository = ReturnType<typeof createAuditRepository>;
