import { z } from "zod";

export const auditQuery = z.object({
  action: z.string().max(200).optional(),
  operator: z.string().max(254).optional().describe("Part of the operator's email"),
  targetId: z.string().max(100).optional(),
  outcome: z.enum(["DONE", "REFUSED"]).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  before: z.uuid().optional().describe("An entry's id: the page of entries older than it"),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  format: z.enum(["json", "csv"]).default("json"),
});

const auditEntrySchema = z
  .object({
    id: z.uuid(),
    merchantId: z.uuid(),
    operatorId: z.uuid().nullable(),
    operatorEmail: z.string().nullable(),
    action: z.string(),
    outcome: z.enum(["DONE", "REFUSED"]),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    changes: z.record(z.string(), z.unknown()).nullable(),
    reason: z.string().nullable(),
    ip: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "AuditEntry" });

export const auditResponse = z
  .object({ entries: z.array(auditEntrySchema), nextBefore: z.uuid().nullable() })
  .meta({ id: "AuditPage" });
