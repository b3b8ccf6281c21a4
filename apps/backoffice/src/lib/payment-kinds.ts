/** The stuck payments' kinds in operators' words (the first page and the Stuck payments page). */
export const KIND_LABELS = {
  SEND_TO_WALLET: "Crypto withdrawal",
  PAYOUT_CARD: "Card payout",
  IBAN_WITHDRAW: "SEPA transfer",
  CARD_ORDER: "Card order",
  PAYIN_CARD: "Card pay-in",
} as const;
export type StuckKind = keyof typeof KIND_LABELS;
export const STUCK_KINDS = Object.keys(KIND_LABELS) as StuckKind[];
