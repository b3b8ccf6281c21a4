/**
 * The kinds of ledger operation (`ledger_operations.kind`), each with the phrase a statement
 * prints when an operation has no history row of its own to name it (a card payout's post or
 * void follows the payout's row; a reservation that ran out of time). The ledger takes no other
 * kind, so a statement never prints a code.
 */
export const LEDGER_OPERATION_KINDS = [
  "payin_card",
  "payin_crypto",
  "payout_card_reserve",
  "payout_card_post",
  "payout_card_void",
  "payout_crypto",
  "payout_crypto_internal",
  "payout_crypto_confirm",
  "payout_crypto_refund",
  "transfer_mobile",
  "transfer_mobile_held",
  "claimable_claim",
  "claimable_return",
  "claimable_cancel",
  "exchange",
  "exchange_iban",
  "iban_receive",
  "withdraw_iban",
  "withdraw_iban_executed",
  "withdraw_iban_returned",
  "card_top_up",
  "card_order_payment",
  "card_order_refund",
  "card_purchase_hold",
  "card_purchase_settle",
  "card_purchase_reverse",
  "card_refund",
  "deposit_open",
  "deposit_interest",
  "deposit_mature",
  "deposit_close",
  "sandbox_credit",
  "adjustment",
  // A reservation whose time ran out, given back by the ledger itself.
  "expire_pending",
] as const;
export type LedgerOperationKind = (typeof LEDGER_OPERATION_KINDS)[number];

export const LEDGER_OPERATION_PHRASES: Record<LedgerOperationKind, string> = {
  payin_card: "Added by card",
  payin_crypto: "Received crypto",
  payout_card_reserve: "Withdrawn to a card",
  payout_card_post: "Withdrawn to a card",
  payout_card_void: "Withdrawal to a card cancelled",
  payout_crypto: "Sent to a wallet",
  payout_crypto_internal: "Sent to a wallet",
  payout_crypto_confirm: "Sent to a wallet",
  payout_crypto_refund: "Send to a wallet given back",
  transfer_mobile: "Sent by phone",
  transfer_mobile_held: "Sent by phone",
  claimable_claim: "Received by phone",
  claimable_return: "Send by phone returned",
  claimable_cancel: "Send by phone cancelled",
  exchange: "Exchange",
  exchange_iban: "Exchange to IBAN account",
  iban_receive: "Bank transfer received",
  withdraw_iban: "Bank transfer sent",
  withdraw_iban_executed: "Bank transfer sent",
  withdraw_iban_returned: "Bank transfer returned",
  card_top_up: "Card top-up",
  card_order_payment: "Card order",
  card_order_refund: "Card order refunded",
  card_purchase_hold: "Card payment",
  card_purchase_settle: "Card payment",
  card_purchase_reverse: "Card payment reversed",
  card_refund: "Card refund",
  deposit_open: "Earn deposit opened",
  deposit_interest: "Earn interest",
  deposit_mature: "Earn deposit matured",
  deposit_close: "Earn deposit paid out",
  sandbox_credit: "Test credit",
  adjustment: "Balance adjustment",
  expire_pending: "Reserved amount given back",
};

/** The phrase of a ledger operation kind; a kind from before this list: a neutral word, never the code. */
export function ledgerOperationPhrase(kind: string): string {
  return (LEDGER_OPERATION_PHRASES as Record<string, string | undefined>)[kind] ?? "Account movement";
}
