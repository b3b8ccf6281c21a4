import type { OperationConstraint, OperationType } from "../../db/schema/index.ts";

export const OPERATION_REASONS = [
  "NONE",
  "KYC_REQUIRED",
  "KYC_VERIFYING",
  "KYC_REJECTED",
  "NOT_PAID",
  "MAINTENANCE",
  "DISABLED",
  // The party it needs (acquirer, bank, card issuer, chain) is not connected here: docs/status.md.
  "UNAVAILABLE",
] as const;
export type OperationReason = (typeof OPERATION_REASONS)[number];

/**
 * Display name and web route (spec §2) of each operation type. Fixed in code rather than stored:
 * routes belong to the web app's release, not to a merchant. Types without a page of their own
 * point to the page where they start (PAYIN → card top-up, LAUNCHPAD_LOCK → home).
 */
export const OPERATION_INFO: Record<OperationType, { name: string; url: string }> = {
  EXCHANGE: { name: "Exchange", url: "/exchange" },
  PAYIN_CARD: { name: "Add funds by bank card", url: "/top-up/card" },
  PAYIN_CRYPTO: { name: "Add funds from another crypto wallet", url: "/top-up/receive" },
  PAYOUT_CARD: { name: "Withdraw to a card", url: "/withdraw/card" },
  PAYOUT_CRYPTO: { name: "Send to a wallet", url: "/send/wallet" },
  TRANSFER_MOBILE: { name: "Send by phone number", url: "/send/phone" },
  IBAN: { name: "IBAN accounts", url: "/iban" },
  WITHDRAW_IBAN: { name: "Withdraw to a bank", url: "/iban/withdraw/bank" },
  CARDS: { name: "Cards", url: "/cards" },
  CARD_TOPUP_CRYPTO: { name: "Top up a card from crypto", url: "/cards/top-up/crypto" },
  CARD_ORDER: { name: "Order a card", url: "/cards/order" },
  DEPOSITS: { name: "Earn", url: "/earn" },
  PAYIN: { name: "Add funds", url: "/top-up/card" },
  PAYOUT: { name: "Withdraw", url: "/withdraw/card" },
  EXCHANGE_IBAN: { name: "Exchange to IBAN", url: "/iban" },
  PAYIN_CARD_VALIDATION: { name: "Bank card check", url: "/top-up/card" },
  LAUNCHPAD_LOCK: { name: "Launchpad lock", url: "/" },
  PAY_FOR_CARD: { name: "Pay for a card", url: "/cards/order" },
  CARD_ISSUE_CP_1: { name: "Card issue (CP_1)", url: "/cards/order" },
  CARD_ISSUE_CP_2: { name: "Card issue (CP_2)", url: "/cards/order" },
  CARD_ISSUE_CP_3: { name: "Card issue (third provider)", url: "/cards/order" },
  CARD_DELIVERY_CP_1: { name: "Card delivery (CP_1)", url: "/cards" },
  CARD_DELIVERY_CP_2: { name: "Card delivery (CP_2)", url: "/cards" },
  CARD_DELIVERY_CP_3: { name: "Card delivery (third provider)", url: "/cards" },
  CARD_PAYOUT_CP_1: { name: "Payout to a CP_1 card", url: "/cards" },
  CARD_PAYOUT_CP_2: { name: "Payout to a CP_2 card", url: "/cards" },
  CARD_PAYOUT_CP_3: { name: "Payout to a third-provider card", url: "/cards" },
  IB: { name: "Internet banking", url: "/" },
  PAYIN_SKRILL: { name: "Add funds with Skrill", url: "/top-up/card" },
  PAYIN_ADVCASH: { name: "Add funds with Advcash", url: "/top-up/card" },
};

/** What the server knows of a customer's verification; the accounts issue supplies it. */
export type CustomerKyc = { kycLevel: string; kycStatus?: string | undefined };

/**
 * Why an operation is unavailable, for the client to say so. The merchant's switch comes first;
 * then, for a known customer, their KYC level against the permitted list, with their KYC status
 * telling "verify" from "wait for the review" from "rejected". NOT_PAID belongs to card orders
 * and is decided there.
 */
export function availabilityReason(
  constraint: OperationConstraint,
  permittedLevels: readonly string[],
  customer: CustomerKyc | undefined,
): OperationReason {
  if (constraint === "MAINTENANCE") return "MAINTENANCE";
  if (constraint === "DISABLED") return "DISABLED";
  if (!customer || permittedLevels.includes(customer.kycLevel)) return "NONE";
  return kycReason(customer.kycStatus);
}

export function kycReason(kycStatus: string | undefined): "KYC_REQUIRED" | "KYC_VERIFYING" | "KYC_REJECTED" {
  switch (kycStatus) {
    case "REJECTED":
      return "KYC_REJECTED";
    case "IN_PROGRESS":
    case "UNDER_REVIEW":
      return "KYC_VERIFYING";
    default:
      return "KYC_REQUIRED";
  }
}
