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

/** A customer's own ledger accounts (what the back-office lists as their wallets). */
export const CUSTOMER_ACCOUNT_KINDS = [
  "customer_wallet",
  "card_balance",
  "deposit_principal",
  "deposit_interest",
  "iban_balance",
] as const;
/** The merchant's own accounts, per currency; an adjustment books against one of them. */
export const HOUSE_ACCOUNT_KINDS = [
  "fee_income",
  "liquidity",
  "acquiring_clearing",
  "payout_clearing",
  "chain_hot_wallet",
  "issuer_settlement",
  "bank_settlement",
  "interest_expense",
  // Sends by phone waiting for their recipient to join (docs/send.md).
  "claims_held",
  // The other side of operators' four-eyes corrections of customers' wallets (docs/backoffice.md).
  "adjustments",
] as const;
type CustomerAccountKind = (typeof CUSTOMER_ACCOUNT_KINDS)[number];
export type HouseAccountKind = (typeof HOUSE_ACCOUNT_KINDS)[number];
export type LedgerAccountKind = CustomerAccountKind | HouseAccountKind;

/** How an operator reads an account: a customer's page, an operation's legs, an adjustment. */
export const LEDGER_ACCOUNT_PHRASES: Record<LedgerAccountKind, string> = {
  customer_wallet: "Wallet",
  card_balance: "Card balance",
  deposit_principal: "Earn deposit",
  deposit_interest: "Earn interest",
  iban_balance: "IBAN account",
  fee_income: "Fee income",
  liquidity: "Exchange liquidity",
  acquiring_clearing: "Card acquiring clearing",
  payout_clearing: "Card payout clearing",
  chain_hot_wallet: "Chain hot wallet",
  issuer_settlement: "Card issuer settlement",
  bank_settlement: "Bank settlement",
  interest_expense: "Interest expense",
  claims_held: "Sends waiting to be claimed",
  adjustments: "Adjustments (corrections)",
};

/**
 * A transfer's type: posted moves money now, pending reserves it, and the other three resolve a
 * reservation once. A ledger operation is completed, or awaiting a reservation's outcome.
 */
export const TRANSFER_TYPES = [
  "posted",
  "pending",
  "post_pending",
  "void_pending",
  "expire_pending",
] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];
export const TRANSFER_TYPE_PHRASES: Record<TransferType, string> = {
  posted: "Moved",
  pending: "Reserved",
  post_pending: "Reservation moved",
  void_pending: "Reservation given back",
  expire_pending: "Reservation ran out",
};
export const LEDGER_OPERATION_STATUSES = ["completed", "awaiting"] as const;
export type LedgerOperationStatus = (typeof LEDGER_OPERATION_STATUSES)[number];
export const LEDGER_OPERATION_STATUS_PHRASES: Record<LedgerOperationStatus, string> = {
  completed: "Completed",
  awaiting: "Awaiting the outcome of a reservation",
};
