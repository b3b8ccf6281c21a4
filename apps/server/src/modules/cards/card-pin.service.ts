import { type PinProblem, pinProblem } from "./card-pin-rules.ts";
import type { CardRsa } from "./card-rsa.service.ts";
import type { CardAsk, CardSecurityParts } from "./card-security-parts.ts";
import { cardErrors } from "./cards.errors.ts";
import { markPinSetSql } from "./cards.repository.ts";

const PIN_ERRORS: Record<PinProblem, "PIN_NOT_VALID" | "PIN_TOO_SIMPLE"> = {
  FORMAT: "PIN_NOT_VALID",
  REPEATED: "PIN_TOO_SIMPLE",
  SEQUENTIAL: "PIN_TOO_SIMPLE",
};

/**
 * POST /v2/card/{cardId}/pin: the PIN arrives sealed to the server's RSA key (as activation codes
 * do), is checked against spec §5's rules and handed to the issuer, which keeps it hashed. The
 * cards table only records that a PIN was set.
 */
export function createCardPins(deps: CardSecurityParts & { rsa: CardRsa }) {
  return {
    async setPin(ask: CardAsk, body: { keyId: string; pin: string }) {
      const card = await deps.ownCard(ask);
      if (card.status !== "ACTIVE" && card.status !== "SOFT_BLOCKED") {
        throw cardErrors.create("CARD_NOT_ACTIVE", { field: "cardId" });
      }
      const pin = await deps.rsa.decrypt(body.keyId, body.pin, "pin");
      const problem = pinProblem(pin);
      if (problem) throw cardErrors.create(PIN_ERRORS[problem], { field: "pin" });
      await deps.requireLiveSession(ask);
      if (!(await deps.controls.setPin(card.issuerCardId, pin))) {
        throw cardErrors.create("CARD_NOT_ACTIVE", { field: "cardId" });
      }
      await deps.withEvent(ask, card, "CARD_PIN_SET", (tx) =>
        markPinSetSql(tx, ask.owner.merchant.id, ask.owner.customerId, card.id, deps.now()),
      );
      return { result: "ok" as const };
    },
  };
}
