import { z } from "zod";
import { STUCK_KINDS } from "./expected-times.ts";

export const stuckPaymentsQuery = z.object({
  kind: z.enum(STUCK_KINDS).optional().describe("One kind; all when left out"),
});

export const stuckPayment = z
  .object({
    kind: z.enum(STUCK_KINDS),
    id: z.uuid(),
    customerId: z.uuid(),
    customerName: z.string().nullable().describe("The customer's name; null before their profile has one"),
    amount: z.string(),
    currency: z.string(),
    since: z.iso.datetime({ offset: true }).describe("When it started waiting for the provider"),
    expectedMinutes: z.number().int().describe("How long this kind may wait before it is listed"),
    providerReference: z.string().nullable(),
  })
  .meta({ id: "AdminStuckPayment" });

export const stuckPaymentsResponse = z
  .object({ payments: z.array(stuckPayment) })
  .meta({ id: "AdminStuckPayments" });

export const stuckPaymentParams = z.object({ kind: z.enum(STUCK_KINDS), id: z.uuid() });

export const stuckActionBody = z
  .object({ reason: z.string().trim().min(3).max(500) })
  .meta({ id: "AdminStuckPaymentReason" });

export const stuckActionResponse = z
  .object({
    kind: z.enum(STUCK_KINDS),
    id: z.uuid(),
    outcome: z.enum(["COMPLETED", "FAILED", "STILL_PENDING", "ALREADY_FINAL", "NO_ANSWER"]),
  })
  .meta({ id: "AdminStuckPaymentOutcome" });
