import { z } from "zod";

export const customerSearchQuery = z.object({
  query: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .describe("Phone, email, name, customer id, IBAN or a card's last four"),
});
export const customerParams = z.object({ customerId: z.uuid() });
export const blockBody = z
  .object({ reason: z.string().trim().min(3).max(500) })
  .meta({ id: "CustomerBlockReason" });

const operationItem = z
  .object({
    operationId: z.uuid(),
    customerId: z.uuid(),
    type: z.string(),
    direction: z.enum(["IN", "OUT"]),
    status: z.string(),
    currency: z.string(),
    amount: z.string(),
    fee: z.string(),
    counterparty: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminOperationItem" });

export { operationItem };

export const customerSearchResponse = z
  .object({
    customers: z.array(
      z.object({
        id: z.uuid(),
        phone: z.string(),
        email: z.string().nullable(),
        name: z.string().nullable(),
        kycLevel: z.string(),
        blocked: z.boolean(),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: "AdminCustomerSearch" });

export const customerPageResponse = z
  .object({
    profile: z.object({
      id: z.uuid(),
      phone: z.string(),
      email: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      dateOfBirth: z.string().nullable(),
      residenceCountry: z.string().nullable(),
      residenceCity: z.string().nullable(),
      residenceStreet: z.string().nullable(),
      createdAt: z.string(),
      blockedAt: z.string().nullable(),
      blockedReason: z.string().nullable(),
    }),
    kyc: z.object({
      level: z.string(),
      status: z.string(),
      history: z.array(
        z.object({
          id: z.uuid(),
          kind: z.enum(["IDENTITY", "LIMIT_INCREASE"]),
          status: z.string(),
          submittedAt: z.string(),
          decidedAt: z.string().nullable(),
          reasons: z.array(z.string()),
        }),
      ),
    }),
    wallets: z.array(
      z.object({
        id: z.uuid(),
        kind: z.string(),
        currency: z.string(),
        balance: z.string(),
        available: z.string(),
      }),
    ),
    cards: z.array(
      z.object({
        id: z.uuid(),
        program: z.string(),
        cardType: z.string(),
        maskedNumber: z.string(),
        expiry: z.string(),
        status: z.string(),
        createdAt: z.string(),
      }),
    ),
    ibans: z.array(
      z.object({
        id: z.uuid(),
        iban: z.string(),
        bic: z.string(),
        currency: z.string(),
        holderName: z.string(),
        status: z.string(),
        createdAt: z.string(),
      }),
    ),
    deposits: z.array(
      z.object({
        id: z.uuid(),
        currency: z.string(),
        principal: z.string(),
        accruedInterest: z.string(),
        status: z.string(),
        openedAt: z.string(),
        expiresAt: z.string(),
      }),
    ),
    operations: z.array(operationItem),
    sessions: z.array(
      z.object({
        id: z.uuid(),
        deviceId: z.string().nullable(),
        createdAt: z.string(),
        revokedAt: z.string().nullable(),
        revokedReason: z.string().nullable(),
      }),
    ),
    devices: z.array(z.object({ deviceId: z.string(), confirmedAt: z.string() })),
  })
  .meta({ id: "AdminCustomerPage" });

export const blockResponse = z
  .object({ customerId: z.uuid(), blocked: z.boolean() })
  .meta({ id: "AdminCustomerBlock" });
