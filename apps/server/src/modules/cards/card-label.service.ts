import type { CardAsk, CardSecurityParts } from "./card-security.service.ts";

/** POST /v2/card/{cardId}/label: the customer's own name for a card; empty clears it. */
export function createCardLabels(deps: CardSecurityParts) {
  return {
    async setLabel(ask: CardAsk, body: { label: string }) {
      const card = await deps.ownCard(ask);
      const label = body.label === "" ? null : body.label;
      await deps.repository.setLabel(ask.owner.merchant.id, ask.owner.customerId, card.id, label, deps.now());
      return { result: "ok" as const };
    },
  };
}
