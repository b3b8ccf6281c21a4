import { z } from "zod";
import { HISTORY_STATUSES, HISTORY_TYPES } from "../../db/schema/index.ts";
import { amountInput } from "../../http/amount-input.ts";
import { operationItem } from "./customers.schemas.ts";
import { stuckPayment } from "./stuck-payments.schemas.ts";

const list = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .max(500)
    .transform((s) => s.split(",").filter(Boolean))
    .pipe(z.array(z.enum(values)));

export const operationsQuery = z.object({
  kind: list(HISTORY_TYPES).optional().describe("Comma-separated operation types"),
  status: list(HISTORY_STATUSES).optional().describe("Comma-separated statuses"),
  currency: z
    .string()
    .regex(/^[A-Z0-9]{2,10}$/)
    .optional(),
  // The contract's one amount form (http/amount-input.ts), as every other amount field.
  minAmount: amountInput.optional().describe("Decimal, in `currency`"),
  maxAmount: amountInput.optional().describe("Decimal, in `currency`"),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  customerId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const operationsResponse = z
  .object({ operations: z.array(operationItem) })
  .meta({ id: "AdminOperations" });
export const operationParams = z.object({ operationId: z.uuid() });

const account = z.object({ id: z.uuid(), kind: z.string(), ownerId: z.uuid().nullable() });
export const operationPageResponse = z
  .object({
    operationId: z.uuid(),
    entries: z.array(operationItem.extend({ details: z.record(z.string(), z.unknown()) })),
    ledger: z
      .object({
        kind: z.string(),
        status: z.string(),
        metadata: z.record(z.string(), z.unknown()),
        createdAt: z.string(),
        legs: z.array(
          z.object({
            id: z.uuid(),
            type: z.string(),
            currency: z.string(),
            amount: z.string(),
            debit: account,
            credit: account,
            pendingId: z.uuid().nullable(),
            timeoutAt: z.string().nullable(),
            createdAt: z.string(),
          }),
        ),
      })
      .nullable(),
    statusHistory: z.array(z.object({ at: z.string(), status: z.string() })),
  })
  .meta({ id: "AdminOperation" });

export const dashboardResponse = z
  .object({
    kyc: z.object({
      waiting: z.number().int(),
      oldest: z.array(
        z.object({
          id: z.uuid(),
          kind: z.enum(["IDENTITY", "LIMIT_INCREASE"]),
          customerId: z.uuid(),
          customerName: z.string(),
          submittedAt: z.string(),
        }),
      ),
    }),
    /** The Stuck payments page's first rows and its count (docs/backoffice.md "Stuck payments"). */
    latePayments: z.array(stuckPayment),
    latePaymentsCount: z.number().int(),
    volumesToday: z.array(
      z.object({
        currency: z.string(),
        direction: z.enum(["IN", "OUT"]),
        total: z.string(),
        count: z.number().int(),
      }),
    ),
  })
  .meta({ id: "AdminDashboard" });
