import * as z from "zod/mini";

const OPERATION_TYPES = [
  "EXCHANGE",
  "PAYIN_CARD",
  "PAYIN_CRYPTO",
  "PAYOUT_CARD",
  "PAYOUT_CRYPTO",
  "TRANSFER_MOBILE",
  "IBAN",
  "WITHDRAW_IBAN",
  "CARDS",
  "CARD_TOPUP_CRYPTO",
  "CARD_ORDER",
  "DEPOSITS",
] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

const OPERATION_REASONS = [
  "NONE",
  "KYC_REQUIRED",
  "KYC_VERIFYING",
  "KYC_REJECTED",
  "NOT_PAID",
  "MAINTENANCE",
  "DISABLED",
  // The provider it needs is not connected in this deployment (docs/status.md).
  "UNAVAILABLE",
] as const;
export type OperationReason = (typeof OPERATION_REASONS)[number];

const operationStatusSchema = z.object({
  // Kept as a string: a type this client does not know yet must not break the whole catalog.
  operationType: z.string(),
  name: z.string(),
  constraint: z.enum(["NONE", "DISABLED", "MAINTENANCE"]),
  // A reason this client does not know yet reads as plainly disabled.
  reason: z.catch(z.enum(OPERATION_REASONS), "DISABLED"),
  kycLevelPermissibleList: z.array(z.string()),
  url: z.string(),
});
export type OperationStatus = z.output<typeof operationStatusSchema>;

export const operationsCatalogSchema = z.pipe(
  z.object({ data: z.array(operationStatusSchema) }),
  z.transform((answer) => answer.data),
);
