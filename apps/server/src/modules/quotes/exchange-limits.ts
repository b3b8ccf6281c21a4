import type { CurrencyCode } from "@kestrel/money";
import type { OfferKind } from "../../db/schema/index.ts";
import type { KycService } from "../kyc/index.ts";
import type { Merchant } from "../merchants/index.ts";
import { convertMinor, type RatesService } from "../rates/index.ts";

/**
 * The KYC service's limits (docs/kyc.md) for an exchange: the catalog's EXCHANGE switch and KYC
 * levels, then the customer's remaining limits, counted in the merchant's fiat currency at the
 * mid rate of what leaves the customer's wallet.
 */
export function createExchangeLimits(deps: {
  kyc: Pick<KycService, "prepare" | "assertAllowed">;
  rates: RatesService;
  /** The catalog's operation the limits count: EXCHANGE unless a card pay-in, payout or top-up. */
  operationType?: "EXCHANGE" | "PAYIN_CARD" | "PAYOUT_CARD" | "CARD_TOPUP_CRYPTO";
}) {
  const query = (c: ExchangeCheck) => {
    const fiat = c.merchant.fiatCurrency as CurrencyCode;
    const value =
      c.currency === fiat
        ? c.amount
        : convertMinor(c.amount, c.currency, fiat, deps.rates.quote(c.currency, fiat, 0).mid);
    return {
      merchantId: c.merchant.id,
      customerId: c.customerId,
      // Into an IBAN (EXCHANGE_IBAN) is its own catalog switch, at its own KYC levels and limits;
      // card pay-in and payout limits are made for their own operation type.
      operationType: c.kind ?? deps.operationType ?? ("EXCHANGE" as const),
      // Dust worth less than a cent is still an exchange: it counts as the smallest unit.
      amountInFiatMinor: value > 0n ? value : 1n,
    };
  };
  return {
    /** Refuses (503/403/422 with the reason) without recording anything: for pricing an offer. */
    assertAllowed: (c: ExchangeCheck) => deps.kyc.assertAllowed(query(c)),
    /** Read before the execution's transaction; `consume(tx, reference)` in it records the usage. */
    prepare: (c: ExchangeCheck) => deps.kyc.prepare(query(c)),
  };
}

type ExchangeCheck = {
  merchant: Merchant;
  customerId: string;
  currency: CurrencyCode;
  amount: bigint;
  kind?: Extract<OfferKind, "EXCHANGE" | "EXCHANGE_IBAN">;
};

export type ExchangeLimits = ReturnType<typeof createExchangeLimits>;
