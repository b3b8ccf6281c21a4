import type { FastifyRequest } from "fastify";
import type { AppDeps } from "../app-deps.ts";
import type { Merchant } from "../modules/merchants/index.ts";

/** The merchant a request speaks for (X-Merchant-ID, else host name, else the default). */
export function requestMerchant(deps: AppDeps, req: FastifyRequest): Promise<Merchant> {
  const header = req.headers["x-merchant-id"];
  return deps.services.merchants.resolveMerchant({
    merchantIdHeader: Array.isArray(header) ? header[0] : header,
    host: req.hostname,
  });
}

/** The merchant of a signed-in request is the one its token names, whatever the host says. */
export function customerMerchant(deps: AppDeps, merchantId: string): Promise<Merchant> {
  return deps.services.merchants.resolveMerchant({ merchantIdHeader: merchantId, host: undefined });
}

/**
 * The origin of links this request gives the customer (merchants' `customerFacingOrigin`): the
 * host name they use if it is one of their merchant's. `req.hostname` believes X-Forwarded-Host
 * only from TRUSTED_PROXIES.
 */
export function customerOrigin(deps: AppDeps, req: FastifyRequest, merchant: Merchant): string {
  return deps.services.merchants.customerFacingOrigin(merchant, req.hostname);
}
