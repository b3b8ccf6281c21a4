import { v7 as uuidv7 } from "uuid";
import { PLATFORM_SCOPE } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";
import {
  type AuditFilter,
  type AuditRepository,
  type AuditRow,
  appendAuditSql,
  type NewAuditRow,
} from "./audit.repository.ts";

/** Who did something, from where: the part of an entry every action shares. */
export type AuditActor = { operatorId: string | null; operatorEmail: string | null; ip: string };

export type AuditEntry = {
  /** The merchant the action concerns; none: the platform (a platform admin signing in). */
  merchantId: string | null;
  action: string;
  outcome?: "DONE" | "REFUSED";
  targetType?: string;
  targetId?: string;
  changes?: Record<string, unknown>;
  reason?: string | null;
};

/** The audit trail (docs/backoffice.md "Audit trail"): appended to, searched, exported. */
export function createAuditService(deps: { repository: AuditRepository }) {
  const { repository } = deps;
  const rowOf = (actor: AuditActor, entry: AuditEntry): NewAuditRow => ({
    merchantId: entry.merchantId ?? PLATFORM_SCOPE,
    id: uuidv7(),
    operatorId: actor.operatorId,
    operatorEmail: actor.operatorEmail,
    action: entry.action,
    outcome: entry.outcome ?? "DONE",
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    changes: entry.changes ?? null,
    reason: entry.reason ?? null,
    ip: actor.ip,
  });
  return {
    /** In the caller's transaction `tx` when given, so an action and its entry commit together. */
    record(actor: AuditActor, entry: AuditEntry, tx?: Tx): Promise<void> {
      return tx ? appendAuditSql(tx, rowOf(actor, entry)) : repository.append(rowOf(actor, entry));
    },
    search: (filter: AuditFilter) => repository.search(filter),
    toCsv,
  };
}

const COLUMNS = [
  "createdAt",
  "merchantId",
  "operatorEmail",
  "operatorId",
  "action",
  "outcome",
  "targetType",
  "targetId",
  "changes",
  "reason",
  "ip",
  "id",
] as const;

/** RFC 4180; a cell a spreadsheet would run as a formula is quoted with a leading apostrophe. */
function toCsv(rows: AuditRow[]): string {
  const cell = (v: unknown) => {
    let s =
      v === null || v === undefined
        ? ""
        : v instanceof Date
          ? v.toISOString()
          : typeof v === "object"
            ? JSON.stringify(v)
            : String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = rows.map((r) => COLUMNS.map((c) => cell(r[c])).join(","));
  return `${[COLUMNS.join(","), ...lines].join("\r\n")}\r\n`;
}

export type AuditService = ReturnType<typeof createAuditService>;
