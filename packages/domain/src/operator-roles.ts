/**
 * The back-office's roles (docs/backoffice.md "Roles and permissions") and how an operator reads
 * them: the server grants permissions by role, the back-office names them.
 */
export const OPERATOR_ROLES = [
  "PLATFORM_ADMIN",
  "MERCHANT_ADMIN",
  "COMPLIANCE",
  "SUPPORT",
  "FINANCE",
] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const OPERATOR_ROLE_PHRASES: Record<OperatorRole, string> = {
  PLATFORM_ADMIN: "Platform admin",
  MERCHANT_ADMIN: "Merchant admin",
  COMPLIANCE: "Compliance",
  SUPPORT: "Support",
  FINANCE: "Finance",
};
