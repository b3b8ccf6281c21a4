/** The kinds of payment that wait on an outside party, named as the history names them. */
export const STUCK_KINDS = [
  "SEND_TO_WALLET",
  "PAYOUT_CARD",
  "IBAN_WITHDRAW",
  "CARD_ORDER",
  "PAYIN_CARD",
] as const;
export type StuckKind = (typeof STUCK_KINDS)[number];

/**
 * How long each kind of payment may stay pending before an operator should look at it: the one
 * table of the Stuck payments list, which the first page counts too (docs/backoffice.md).
 * Keyed by the history's operation type. Why each:
 */
const EXPECTED_MINUTES: Record<StuckKind, number> = {
  // A 3-D Secure challenge waits for the customer a few minutes; capture follows in seconds.
  PAYIN_CARD: 30,
  // The acquirer's payout rail answers paid or rejected within minutes.
  PAYOUT_CARD: 60,
  // The slowest network we send on (Bitcoin) needs its confirmations, about an hour, plus retries.
  SEND_TO_WALLET: 120,
  // A SEPA credit transfer is executed by the next business day's end.
  IBAN_WITHDRAW: 24 * 60,
  // The issuer issues a paid card in minutes (the sandbox's in seconds); delivery is not pending.
  CARD_ORDER: 60,
};

export const expectedMinutes = (kind: StuckKind) => EXPECTED_MINUTES[kind];
