import { z } from "zod";
import { ADJUSTMENT_DIRECTIONS, ADJUSTMENT_STATUSES } from "../../db/schema/adjustments.ts";
import { amountInput } from "../../http/amount-input.ts";
import { ADJUSTMENT_HOUSE_ACCOUNTS } from "../adjustments/index.ts";

export const adjustmentsQuery = z.object({
  status: z.enum(ADJUSTMENT_STATUSES).optional().describe("None: all, waiting ones first"),
  customerId: z.uuid().optional(),
});
export const adjustmentParams = z.object({ adjustmentId: z.uuid() });

const reason = (what: string) => z.string().trim().min(3).max(500).describe(what);

export const proposeBody = z
  .object({
    customerId: z.uuid(),
    currency: z.string().regex(/^[A-Z]{2,6}$/, "must be a currency code"),
    direction: z.enum(ADJUSTMENT_DIRECTIONS),
    amount: amountInput,
    houseAccount: z
      .enum(ADJUSTMENT_HOUSE_ACCOUNTS)
      .default("adjustments")
      .describe("The house account on the other side of the transfer"),
    customerReason: reason("What the customer reads in their history"),
    auditReason: reason("Why, for the audit trail; never shown to the customer"),
  })
  .meta({ id: "AdjustmentProposal" });

export const rejectBody = z
  .object({ reason: reason("Why it is rejected, for the audit trail") })
  .meta({ id: "AdjustmentRejection" });

const operatorRef = z.object({ id: z.uuid(), email: z.string() });

export const adjustment = z
  .object({
    id: z.uuid(),
    customerId: z.uuid(),
    customerName: z.string().nullable().describe("First and last name, else the phone"),
    currency: z.string(),
    direction: z.enum(ADJUSTMENT_DIRECTIONS),
    amount: z.string().describe("Decimal string in currency"),
    houseAccount: z.string(),
    customerReason: z.string(),
    auditReason: z.string(),
    status: z.enum(ADJUSTMENT_STATUSES).describe("A waiting one past expiresAt reads EXPIRED"),
    proposedBy: operatorRef,
    decidedBy: operatorRef.nullable(),
    decisionReason: z.string().nullable(),
    ledgerOperationId: z.uuid().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: "Adjustment" });

export const adjustmentsResponse = z.object({ adjustments: z.array(adjustment) }).meta({ id: "Adjustments" });
