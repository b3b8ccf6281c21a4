import type { CurrencyCode } from "@kestrel/money";
import type { OperationType } from "../../db/schema/index.ts";
import type { KycService } from "../kyc/kyc.service.ts";
import type { Merchant } from "../merchants/merchants.service.ts";
import { convertMinor, type RatesService } from "../rates/rates.service.ts";

export type LimitCheck = {
  merchant: Merchant;
  customerId: string;
  operationType: Extract<OperationType, "TRANSFER_MOBILE" | "PAYOUT_CRYPTO">;
  currency: CurrencyCode;
  /** Minor units of `currency`. */
  amount: bigint;
};

/** Tries of a limit record that keeps colliding with others (serializable conflicts). */
const ATTEMPTS = 8;

/**
 * The KYC service's limits (docs/kyc.md) for sends: the catalog's switch and KYC level, then
 * the customer's remaining limits, in the merchant's fiat currency at the mid rate.
 */
export function createSendLimits(deps: {
  kyc: Pick<KycService, "assertAllowed" | "consume" | "release">;
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
     * Checks and records the usage under `reference` (a new id per attempt: a replayed or
     * failed attempt releases its own). The KYC service retries a few serialization conflicts
     * at once; many concurrent sends of one customer need more, spread out.
     */
    async consume(c: LimitCheck, reference: string): Promise<void> {
      for (let attempt = 1; ; attempt++) {
        try {
          await deps.kyc.consume({ ...query(c), reference });
          return;
        } catch (err) {
          if (!isConflict(err) || attempt >= ATTEMPTS) throw err;
          await new Promise((resolve) =>
            setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** attempt)),
          );
        }
      }
    },

    release: (merchantId: string, reference: string) => deps.kyc.release({ merchantId, reference }),
  };
}

export type SendLimits = ReturnType<typeof createSendLimits>;

/** A serialization failure or deadlock, bare or wrapped by the query builder (`cause`). */
function isConflict(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return code === "40001" || code === "40P01";
}
