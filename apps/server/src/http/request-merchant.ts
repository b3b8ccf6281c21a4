import type { FastifyRequest } from "fastify";
import type { Merchant, MerchantsService } from "../modules/merchants/index.ts";

/**
 * What these helpers read of the app's deps. Named here, not as AppDeps: the modules' doors reach
 * this file (auth's request context), and AppDeps names every service, so it would close a cycle.
 */
export type MerchantDeps = {
  services: { merchants: Pick<MerchantsService, "resolveMerchant" | "customerFacingOrigin"> };
};

/** The merchant a request speaks for (X-Merchant-ID, else host name, else the default). */
export function requestMerchant(deps: MerchantDeps, req: FastifyRequest): Promise<Merchant> {
  const header = req.headers["x-merchant-id"];
  return deps.services.merchants.resolveMerchant({
    merchantIdHeader: Array.isArray(header) ? header[0] : header,
    host: req.hostname,
  });
}

/** The merchant of a signed-in request is the one its token names, whatever the host says. */
export function customerMerchant(deps: MerchantDeps, merchantId: string): Promise<Merchant> {
  return deps.services.merchants.resolveMerchant({ merchantIdHeader: merchantId, host: undefined });
}

/**
 * The origin of links this request gives the customer (merchants' `customerFacingOrigin`): the
 * host name they use if it is one of their merchant's. `req.hostname` believes X-Forwarded-Host
 * only from TRUSTED_PROXIES.
 */
export function customerOrigin(deps: MerchantDeps, req: FastifyRequest, merchant: Merchant): string {
  return deps.services.merchants.customerFacingOrigin(merchant, req.hostname);
}
