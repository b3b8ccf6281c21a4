import type { CardDeclineReason } from "../../db/schema/index.ts";
import type { CardRow } from "../cards/index.ts";
import { cardFundingErrors } from "./card-funding.errors.ts";

/** A card's balance is kept in EUR, the currency its programs are priced and spent in. */
export const CARD_CURRENCY = "EUR";

/** The card works until the last moment of its expiry month (UTC). */
function isExpired(card: Pick<CardRow, "expiryMonth" | "expiryYear">, now: Date): boolean {
  return now.getTime() >= Date.UTC(card.expiryYear, card.expiryMonth, 1);
}

/**
 * Why a card may not spend now, or null: frozen by its holder (SOFT_BLOCKED), blocked, expired,
 * or not active yet (awaiting activation, in delivery...). Checked at authorisation.
 */
export function declineReasonOf(
  card: Pick<CardRow, "status" | "expiryMonth" | "expiryYear">,
  now: Date,
): Exclude<CardDeclineReason, "INSUFFICIENT_BALANCE"> | null {
  let reason: Exclude<CardDeclineReason, "INSUFFICIENT_BALANCE"> | null = null;
  if (card.status === "SOFT_BLOCKED") reason = "CARD_SOFT_BLOCKED";
  else if (card.status === "BLOCKED" || card.status === "HARD_BLOCKED") reason = "CARD_BLOCKED";
  else if (isExpired(card, now)) reason = "CARD_EXPIRED";
  else if (card.status !== "ACTIVE") reason = "CARD_NOT_ACTIVE";
  return reason;
}

const REFUSAL = {
  CARD_SOFT_BLOCKED: "CARD_SOFT_BLOCKED",
  CARD_BLOCKED: "CARD_BLOCKED",
  CARD_EXPIRED: "CARD_EXPIRED",
  CARD_NOT_ACTIVE: "CARD_NOT_ACTIVE",
} as const;

/** A top-up goes only to a card that could spend it: the same rules, as a 409 naming the card. */
export function assertFundable(card: Pick<CardRow, "status" | "expiryMonth" | "expiryYear">, now: Date) {
  const reason = declineReasonOf(card, now);
  if (reason) {
    throw cardFundingErrors.create(REFUSAL[reason], { field: "cardId" });
  }
}

/** Texts of the decline reasons, as the card history shows them. */
export const DECLINE_TEXT: Record<CardDeclineReason, string> = {
  INSUFFICIENT_BALANCE: "Not enough money on the card",
  CARD_BLOCKED: "The card is blocked",
  CARD_SOFT_BLOCKED: "The card is frozen",
  CARD_EXPIRED: "The card has expired",
  CARD_NOT_ACTIVE: "The card is not active",
};
