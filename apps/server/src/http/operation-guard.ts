import type { FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { AppDeps } from "../app-deps.ts";
import type { OperationType } from "../db/schema/index.ts";
import type { CustomerKyc } from "../modules/catalog/index.ts";
import { requestMerchant } from "./request-merchant.ts";

/**
 * A route's preHandler that refuses the request when the merchant's operations catalog does not
 * let this customer use the operation (503 under maintenance, 403 disabled or KYC level too low):
 * `app.post("/v1/exchange/...", { preHandler: operationGuard(deps, "EXCHANGE") }, ...)`.
 */
export function operationGuard(deps: AppDeps, operationType: OperationType): preHandlerAsyncHookHandler {
  return async (req) => {
    // Put after `authenticate` on signed-in routes: then the token names merchant and KYC level.
    // Without a customer the merchant is the request's (header, host name, default).
    const customer = signedInCustomer(req);
    const merchantId = customer?.merchantId ?? (await requestMerchant(deps, req)).id;
    await deps.services.catalog.assertOperationAllowed({
      merchantId,
      operationType,
      kycLevel: customer?.kycLevel ?? "KYC_0",
      kycStatus: customer?.kycStatus,
    });
  };
}

/**
 * The customer the auth plugin puts on `req.customer` (plugins/authenticate.ts). Read
 * structurally, so that plugin alone owns the decoration's type and may add to it (a KYC status
 * would sharpen the refusal's reason). Without one the caller is treated as KYC_0: an anonymous
 * caller never gets more than the lowest level.
 */
function signedInCustomer(req: FastifyRequest): (CustomerKyc & { merchantId?: string }) | undefined {
  const customer = (req as { customer?: unknown }).customer;
  if (typeof customer !== "object" || customer === null) return undefined;
  const { kycLevel, kycStatus, merchantId } = customer as Record<string, unknown>;
  if (typeof kycLevel !== "string") return undefined;
  return {
    kycLevel,
    kycStatus: typeof kycStatus === "string" ? kycStatus : undefined,
    merchantId: typeof merchantId === "string" ? merchantId : undefined,
  };
}
