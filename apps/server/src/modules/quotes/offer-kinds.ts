import type { OfferKind } from "../../db/schema/index.ts";

/** One kind of offer the quote engine prices. */
export type OfferKindRow = {
  /** What it prices: the from side leaves a wallet, the to side lands where `paidBy` says. */
  prices: string;
  /** How long an offer stays open once priced. */
  validSeconds: number;
  /** The catalog operation (and the KYC limits) it is held to; none: its module judges it. */
  operation: "EXCHANGE" | "EXCHANGE_IBAN" | "PAYIN_CARD" | "PAYOUT_CARD" | "CARD_TOPUP_CRYPTO" | null;
  /** Who executes it and how the money moves (docs/quotes.md). */
  paidBy: string;
};

/**
 * Every kind of offer, one row each (docs/quotes.md "Kinds"): the same pairs, pricing, offers
 * and legs serve all of them; a row says what differs.
 */
export const OFFER_KIND_TABLE: Record<OfferKind, OfferKindRow> = {
  EXCHANGE: {
    prices: "one currency for another, wallet to wallet",
    // Reference §4.9.
    validSeconds: 20,
    operation: "EXCHANGE",
    paidBy: "quotes executeOffer: one ledger operation in the customer's transaction",
  },
  EXCHANGE_IBAN: {
    prices: "crypto for EUR onto the customer's IBAN balance account",
    validSeconds: 20,
    operation: "EXCHANGE_IBAN",
    paidBy: "quotes executeOffer with the iban module's destination (docs/iban.md)",
  },
  PAYIN_CARD: {
    prices: "fiat charged to a saved card for crypto into a wallet",
    // Reference §4.10, §4.11.
    validSeconds: 20,
    operation: "PAYIN_CARD",
    paidBy: "acquiring: credited when the acquirer's signed callback confirms the capture",
  },
  PAYOUT_CARD: {
    prices: "crypto out of a wallet for fiat paid to a saved card",
    validSeconds: 20,
    operation: "PAYOUT_CARD",
    paidBy: "acquiring: reserved at pay, posted or voided by the payout rail's callback",
  },
  CARD_PAYLOAD: {
    prices: "crypto out of a wallet for EUR onto a card's balance (card top-up)",
    // Renewed every 30 seconds while the customer stays (reference §4.16): 40 lets a renewal a
    // little late still find it open.
    validSeconds: 40,
    operation: "CARD_TOPUP_CRYPTO",
    paidBy: "card-funding confirm: one ledger operation in the customer's transaction",
  },
  CARD_ORDER: {
    prices: "a card's fiat price, paid in crypto from a wallet",
    // The customer reads the price, then pays.
    validSeconds: 60,
    operation: null,
    paidBy: "cards confirm: one ledger operation to the issuer settlement account",
  },
};

/** When an offer of `kind` priced at `at` lapses. */
export function expiryOf(kind: OfferKind, at: Date): Date {
  return new Date(at.getTime() + OFFER_KIND_TABLE[kind].validSeconds * 1000);
}
