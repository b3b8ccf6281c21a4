/**
 * The kinds of operation a customer's history lists (GET /v2/history/operations `type`, the
 * reference's names) and the one phrase a customer reads for each: on screens, in statements
 * and receipts. TEST_CREDIT is the sandbox faucet; DEPOSIT_OPEN and DEPOSIT_CLOSE move money
 * into and out of an earn deposit.
 */
export const HISTORY_TYPES = [
  "RECEIVE_CRYPTO",
  "SEND_TO_PHONE",
  "SEND_TO_WALLET",
  "EXCHANGE",
  "TEST_CREDIT",
  "DEPOSIT_OPEN",
  "DEPOSIT_CLOSE",
  "CARD_ORDER",
  "CARD_ORDER_REFUND",
  "PAYIN_CARD",
  "PAYOUT_CARD",
  // IBAN accounts (docs/iban.md): a SEPA transfer in, a SEPA withdrawal, crypto exchanged into the IBAN.
  "IBAN_RECEIVE",
  "IBAN_WITHDRAW",
  "EXCHANGE_IBAN",
  // A prepaid card topped up from a crypto wallet (docs/card-funding.md).
  "CARD_TOP_UP",
  // An operator's four-eyes correction of the wallet, with the reason the customer reads (docs/backoffice.md).
  "ADJUSTMENT",
] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

// "Received …" starts the phrase of money in, so a list reads the same whatever came in.
export const HISTORY_TYPE_PHRASES: Record<HistoryType, string> = {
  RECEIVE_CRYPTO: "Received crypto",
  SEND_TO_PHONE: "Sent by phone",
  SEND_TO_WALLET: "Sent to a wallet",
  EXCHANGE: "Exchange",
  TEST_CREDIT: "Test credit",
  DEPOSIT_OPEN: "Earn deposit opened",
  DEPOSIT_CLOSE: "Earn deposit paid out",
  CARD_ORDER: "Card order",
  CARD_ORDER_REFUND: "Card order refunded",
  PAYIN_CARD: "Added by card",
  PAYOUT_CARD: "Withdrawn to a card",
  IBAN_RECEIVE: "Bank transfer received",
  IBAN_WITHDRAW: "Bank transfer sent",
  EXCHANGE_IBAN: "Exchange to IBAN account",
  CARD_TOP_UP: "Card top-up",
  ADJUSTMENT: "Balance adjustment",
};

/** A send by phone as its receiver reads it (SEND_TO_PHONE coming IN). */
export const RECEIVED_BY_PHONE_PHRASE = "Received by phone";

export const HISTORY_STATUSES = ["PENDING", "COMPLETED", "FAILED"] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

export const HISTORY_STATUS_PHRASES: Record<HistoryStatus, string> = {
  PENDING: "Pending",
  COMPLETED: "Completed",
  FAILED: "Failed",
};

/** The phrase of a history row: a send by phone reads as received on the receiving side. */
export function historyTypePhrase(type: HistoryType, direction: "IN" | "OUT"): string {
  return type === "SEND_TO_PHONE" && direction === "IN"
    ? RECEIVED_BY_PHONE_PHRASE
    : HISTORY_TYPE_PHRASES[type];
}
