import type { CurrencyCode } from "@kestrel/money";
import type { OperationType } from "../../db/schema/index.ts";
import type { KycService } from "../kyc/index.ts";
import type { Merchant } from "../merchants/index.ts";
import { convertMinor, type RatesService } from "../rates/index.ts";

export type LimitCheck = {
  merchant: Merchant;
  customerId: string;
  operationType: Extract<OperationType, "TRANSFER_MOBILE" | "PAYOUT_CRYPTO">;
  currency: CurrencyCode;
  /** Minor units of `currency`. */
  amount: bigint;
};

/**
 * The KYC service's limits (docs/kyc.md) for sends: the catalog's switch and KYC level, then
 * the customer's remaining limits, in the merchant's fiat currency at the mid rate.
 */
export function createSendLimits(deps: {
  kyc: Pick<KycService, "assertAllowed" | "prepare">;
  rates: RatesService;
}) {
  function inFiat(c: LimitCheck): bigint {
    const fiat = c.merchant.fiatCurrency as CurrencyCode;
    const value =
      c.currency === fiat
        ? c.amount
        : convertMinor(c.amount, c.currency, fiat, deps.rates.quote(c.currency, fiat, 0).mid);
    // Dust worth less than a cent is still an operation: it counts as the smallest unit.
    return value > 0n ? value : 1n;
  }
  const query = (c: LimitCheck) => ({
    merchantId: c.merchant.id,
    customerId: c.customerId,
    operationType: c.operationType,
    amountInFiatMinor: inFiat(c),
  });

  return {
    inFiat,

    /** Refuses (403/422/503 with the reason) without recording anything: for previews. */
    assertAllowed: (c: LimitCheck) => deps.kyc.assertAllowed(query(c)),

    /**
     * The limits of a send, read before its transaction; `consume(tx, reference)` in it checks
     * them for the customer's stored KYC state and records the usage under `reference`, rolled
     * back with the send if anything after it refuses.
     */
    prepare: (c: LimitCheck) => deps.kyc.prepare(query(c)),
  };
}

export type SendLimits = ReturnType<typeof createSendLimits>;
