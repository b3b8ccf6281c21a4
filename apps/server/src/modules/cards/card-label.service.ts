import type { CardAsk, CardSecurityParts } from "./card-security-parts.ts";
import { cardErrors } from "./cards.errors.ts";

/**
 * Cards the customer may name: the rule of reveal and PIN. Naming a card they froze themselves
 * is harmless (they may well unfreeze it); a blocked, closed or not yet active card cannot be
 * used, so a name there helps nobody: 409 CARD_NOT_ACTIVE like the other controls.
 */
const NAMEABLE = new Set(["ACTIVE", "SOFT_BLOCKED"]);

/** POST /v2/card/{cardId}/label: the customer's own name for a card; empty clears it. */
export function createCardLabels(deps: CardSecurityParts) {
  return {
    async setLabel(ask: CardAsk, body: { label: string }) {
      const card = await deps.ownCard(ask);
      if (!NAMEABLE.has(card.status)) throw cardErrors.create("CARD_NOT_ACTIVE", { field: "cardId" });
      const label = body.label === "" ? null : body.label;
      await deps.repository.setLabel(ask.owner.merchant.id, ask.owner.customerId, card.id, label, deps.now());
      return { result: "ok" as const };
    },
  };
}
