import type { CatalogService } from "../catalog/index.ts";
import type { CustomersService } from "../customers/index.ts";

/**
 * The operations catalog's word on DEPOSITS for this customer (503 under maintenance, 403
 * disabled or KYC level not permitted), before anything else is read or opened. Judged on the
 * customer's stored KYC state: an access token's level may predate a verification.
 */
export function createDepositsGuard(deps: {
  catalog: Pick<CatalogService, "assertOperationAllowed">;
  customers: Pick<CustomersService, "getCustomer">;
}) {
  return async function requireDepositsAllowed(merchantId: string, customerId: string): Promise<void> {
    const { kycLevel, kycStatus } = await deps.customers.getCustomer(merchantId, customerId);
    await deps.catalog.assertOperationAllowed({ merchantId, operationType: "DEPOSITS", kycLevel, kycStatus });
  };
}

export type DepositsGuard = ReturnType<typeof createDepositsGuard>;
