import type { KycLevel, OperationType } from "../../db/schema/index.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";

import type { LimitRow } from "./kyc-limits.repository.ts";

/** Operations that move money out of the customer's control: identity first, then amounts. */
const OUTGOING: OperationType[] = [
  "PAYOUT",
  "PAYOUT_CARD",
  "PAYOUT_CRYPTO",
  "TRANSFER_MOBILE",
  "WITHDRAW_IBAN",
  "EXCHANGE_IBAN",
  "CARD_TOPUP_CRYPTO",
];

/** Every operation whose amounts the KYC limits bound (GET /v1/kyc/limits lists these). */
export const LIMITED_OPERATIONS: readonly OperationType[] = [
  "EXCHANGE",
  "PAYIN_CARD",
  ...OUTGOING,
  "DEPOSITS",
];

/** [per transaction, 24 hours, 30 days] in whole units of the merchant's fiat currency. */
type Tier = readonly [number, number, number];

// Our defaults (the reference names per-level figures of 9,700 / 15,000 / 32,000 EUR without
// saying what they bound). KYC_0 moves no money out and exchanges little; card pay-ins stay below
// payouts because of chargebacks. More than KYC_2 allows is a limit-increase request.
const DEFAULT_TIERS: Record<KycLevel, Partial<Record<"OUTGOING" | OperationType, Tier>>> = {
  KYC_0: { EXCHANGE: [500, 1_000, 2_500], DEPOSITS: [1_000, 1_000, 2_500] },
  KYC_2: {
    OUTGOING: [5_000, 15_000, 50_000],
    PAYIN_CARD: [5_000, 10_000, 30_000],
    EXCHANGE: [15_000, 30_000, 100_000],
    DEPOSITS: [50_000, 50_000, 100_000],
  },
};

/** Rows for one merchant; `minorPerUnit` is 10^scale of its fiat currency (100 for EUR). */
function limitRows(merchantId: string, tiers: typeof DEFAULT_TIERS, minorPerUnit = 100n): LimitRow[] {
  const rows: LimitRow[] = [];
  for (const [kycLevel, byOperation] of Object.entries(tiers)) {
    for (const operationType of LIMITED_OPERATIONS) {
      const tier =
        byOperation[operationType] ?? (OUTGOING.includes(operationType) ? byOperation.OUTGOING : undefined);
      if (!tier) continue;
      const [perTransaction, daily, monthly] = tier.map((v) => BigInt(v) * minorPerUnit) as [
        bigint,
        bigint,
        bigint,
      ];
      rows.push({ merchantId, kycLevel, operationType, perTransaction, daily, monthly });
    }
  }
  return rows;
}

/** Both seeded merchants are in EUR with the same figures (a merchant's rows may differ). */
export function seedKycLimits(): LimitRow[] {
  return [...limitRows(DEMO_MERCHANT_ID, DEFAULT_TIERS), ...limitRows(NIMBUS_MERCHANT_ID, DEFAULT_TIERS)];
}
