import type { OperationReason, OperationStatus } from "./operations-schema.ts";

/**
 * Why the customer may not start the operation yet for want of a KYC level, or undefined when
 * their level is one the catalog permits for it (`kycLevelPermissibleList`: the merchant's rule,
 * never a level written here). The reason follows the customer's KYC status as the server's does.
 */
export function kycGateOf(
  entry: Pick<OperationStatus, "kycLevelPermissibleList"> | undefined,
  kyc: { kycLevel: string; status: string } | undefined,
): Extract<OperationReason, "KYC_REQUIRED" | "KYC_VERIFYING" | "KYC_REJECTED"> | undefined {
  if (!entry || !kyc || entry.kycLevelPermissibleList.length === 0) return undefined;
  if (entry.kycLevelPermissibleList.includes(kyc.kycLevel)) return undefined;
  if (kyc.status === "REJECTED") return "KYC_REJECTED";
  if (kyc.status === "IN_PROGRESS" || kyc.status === "UNDER_REVIEW") return "KYC_VERIFYING";
  return "KYC_REQUIRED";
}
