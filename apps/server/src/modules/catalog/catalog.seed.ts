import {
  type KycLevel,
  OPERATION_TYPES,
  type OperationConstraint,
  type OperationType,
} from "../../db/schema/index.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import type { NewOperationRow } from "./catalog.repository.ts";

const ANY_LEVEL: KycLevel[] = ["KYC_0", "KYC_2"];
const VERIFIED: KycLevel[] = ["KYC_2"];

// Money that leaves the customer's control, or card payments, needs a verified identity: KYC_2,
// the widget's check (the reference API gates PAYIN_CARD and TRANSFER_MOBILE at its identity
// check). Ordering a card or an IBAN stays open at KYC_0: those flows contain the verification.
const NEEDS_VERIFICATION = new Set<OperationType>([
  "PAYIN_CARD",
  "TRANSFER_MOBILE",
  "PAYOUT",
  "PAYOUT_CARD",
  "PAYOUT_CRYPTO",
  "WITHDRAW_IBAN",
  "EXCHANGE_IBAN",
  "CARD_TOPUP_CRYPTO",
]);

// Types present in the catalog but not built yet (or the third card provider, off by default):
// listed for every merchant as DISABLED until their feature ships.
const NOT_BUILT: Partial<Record<OperationType, OperationConstraint>> = {
  CARD_ISSUE_CP_3: "DISABLED",
  CARD_DELIVERY_CP_3: "DISABLED",
  CARD_PAYOUT_CP_1: "DISABLED",
  CARD_PAYOUT_CP_2: "DISABLED",
  CARD_PAYOUT_CP_3: "DISABLED",
  IB: "DISABLED",
  PAYIN_CARD_VALIDATION: "DISABLED",
  PAYIN_SKRILL: "DISABLED",
  PAYIN_ADVCASH: "DISABLED",
  LAUNCHPAD_LOCK: "DISABLED",
};

function operationsOf(
  merchantId: string,
  constraints: Partial<Record<OperationType, OperationConstraint>>,
): NewOperationRow[] {
  return OPERATION_TYPES.map((operationType) => ({
    merchantId,
    operationType,
    constraint: constraints[operationType] ?? NOT_BUILT[operationType] ?? "NONE",
    kycLevels: NEEDS_VERIFICATION.has(operationType) ? VERIFIED : ANY_LEVEL,
  }));
}

/** The demo merchant offers everything; Nimbus has no IBAN, no card payout and earn paused. */
export function seedOperations(): NewOperationRow[] {
  return [
    ...operationsOf(DEMO_MERCHANT_ID, {}),
    ...operationsOf(NIMBUS_MERCHANT_ID, {
      IBAN: "DISABLED",
      WITHDRAW_IBAN: "DISABLED",
      EXCHANGE_IBAN: "DISABLED",
      PAYOUT_CARD: "DISABLED",
      LAUNCHPAD_LOCK: "DISABLED",
      DEPOSITS: "MAINTENANCE",
    }),
  ];
}
