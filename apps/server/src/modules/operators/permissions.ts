import type { OperatorRole } from "../../db/schema/index.ts";

/**
 * What an admin route needs (docs/backoffice.md "Roles"). Every /admin/v1/ route declares one in
 * its `config.permission`; registering a route without one fails (operator-guard.ts).
 * `sign-in` and `totp` are the two steps before a session; `self` is any signed-in operator.
 */
export const PERMISSIONS = [
  "self",
  "dashboard.read",
  "audit.read",
  "kyc.read",
  "kyc.decide",
  "kyc.settings",
  "config.read",
  "config.manage",
  "customers.read",
  "customers.block",
  "operations.read",
  "payments.resolve",
  "operators.manage",
  "reports.read",
  "adjustments.read",
  "adjustments.propose",
  "adjustments.approve",
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export type RouteAccess = Permission | "sign-in" | "totp";

export const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  PLATFORM_ADMIN: PERMISSIONS,
  MERCHANT_ADMIN: PERMISSIONS,
  COMPLIANCE: [
    "self",
    "dashboard.read",
    "config.read",
    "audit.read",
    "kyc.read",
    "kyc.decide",
    "customers.read",
    "customers.block",
    "operations.read",
  ],
  SUPPORT: ["self", "dashboard.read", "config.read", "customers.read", "customers.block", "operations.read"],
  FINANCE: [
    "self",
    "dashboard.read",
    "customers.read",
    "operations.read",
    "payments.resolve",
    "reports.read",
    "adjustments.read",
    "adjustments.propose",
    "adjustments.approve",
  ],
};

export function can(role: OperatorRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
