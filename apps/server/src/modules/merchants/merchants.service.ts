import { z } from "zod";
import { commonErrors } from "../../http/app-error.ts";
import { merchantErrors } from "./merchants.errors.ts";
import type { MerchantRow, MerchantsRepository } from "./merchants.repository.ts";

export type Merchant = MerchantRow;
export type MerchantSelector = { merchantIdHeader: string | undefined; host: string | undefined };

const merchantId = z.uuid();

export function createMerchantsService(deps: { repository: MerchantsRepository }) {
  const { repository } = deps;
  return {
    /**
     * The merchant of a request: the X-Merchant-ID header, else the host name, else the default.
     * A header naming no merchant is refused rather than silently falling back: a client sending
     * the wrong id must find out.
     */
    async resolveMerchant(selector: MerchantSelector): Promise<Merchant> {
      if (selector.merchantIdHeader !== undefined) {
        if (!merchantId.safeParse(selector.merchantIdHeader).success) {
          throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
            field: "X-Merchant-ID",
            message: "X-Merchant-ID: must be a merchant id (UUID)",
          });
        }
        const byId = await repository.findById(selector.merchantIdHeader);
        if (!byId) throw merchantErrors.create("MERCHANT_NOT_FOUND", { field: "X-Merchant-ID" });
        return byId;
      }
      const host = selector.host?.replace(/:\d+$/, "").toLowerCase();
      const byHost = host ? await repository.findByHost(host) : undefined;
      const merchant = byHost ?? (await repository.findDefault());
      if (!merchant) throw merchantErrors.create("MERCHANT_NOT_FOUND");
      return merchant;
    },
  };
}

export type MerchantsService = ReturnType<typeof createMerchantsService>;
