import type { Card } from "./api/cards-queries.ts";

/**
 * Spec §4: the card statuses that mean an action is in flight (the order being collected, the
 * issuer at work, support or the customer asked to act). Such a card is marked so in the list,
 * which keeps following it until it settles.
 */
const IN_FLIGHT: ReadonlySet<Card["status"]> = new Set([
  "ACTION_NEEDED",
  "IN_PROGRESS",
  "COLLECTION",
  "SUPPORT",
]);

export const isInFlight = (card: Pick<Card, "status">): boolean => IN_FLIGHT.has(card.status);
