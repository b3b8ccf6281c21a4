import type { CardStatus } from "../../db/schema/index.ts";
import type { CodePurpose } from "../auth/index.ts";
import type { CardAsk, CardSecurityParts } from "./card-security-parts.ts";
import { cardErrors } from "./cards.errors.ts";
import { moveStatusSql } from "./cards.repository.ts";
import type { CardRow } from "./cards.types.ts";

export type BlockAction = "BLOCK" | "UNBLOCK";

const MOVES: Record<BlockAction, { from: CardStatus; to: CardStatus; purpose: CodePurpose }> = {
  BLOCK: { from: "ACTIVE", to: "SOFT_BLOCKED", purpose: "CARD_SOFT_BLOCK" },
  UNBLOCK: { from: "SOFT_BLOCKED", to: "ACTIVE", purpose: "CARD_SOFT_UNBLOCK" },
};

/**
 * Soft block and unblock (spec §4, reference §4.15): a code is texted, then the same action
 * with the code changes the card, at the issuer first (a real one declines a blocked card by
 * itself; the sandbox only records it), then in our table, whose status authorisations go by.
 * The code is spent when checked, so a replayed confirmation acts once; a block code never
 * unblocks (separate purposes), and each purpose has its own 60-second resend wait.
 */
export function createCardBlocks(deps: CardSecurityParts) {
  function requireFrom(card: CardRow, action: BlockAction) {
    if (card.status === MOVES[action].from) return;
    if (action === "BLOCK" && card.status === "SOFT_BLOCKED")
      throw cardErrors.create("CARD_ALREADY_BLOCKED", { field: "cardId" });
    if (action === "UNBLOCK" && card.status === "ACTIVE")
      throw cardErrors.create("CARD_NOT_BLOCKED", { field: "cardId" });
    throw cardErrors.create("CARD_NOT_ACTIVE", { field: "cardId" });
  }

  return {
    /** GET /v2/card/{cardId}/soft-block/code and .../soft-unblock/code. */
    async sendBlockCode(ask: CardAsk, action: BlockAction, ip: string) {
      const card = await deps.ownCard(ask);
      requireFrom(card, action);
      await deps.codes.send({
        merchantId: ask.owner.merchant.id,
        merchantTitle: ask.owner.merchant.title,
        phone: await deps.phoneOf(ask.owner),
        purpose: MOVES[action].purpose,
        ip,
      });
      return { result: "ok" as const };
    },

    /** POST /v2/card/{cardId}/soft-block and .../soft-unblock with {code}. */
    async confirmBlock(ask: CardAsk, action: BlockAction, code: string) {
      const move = MOVES[action];
      const card = await deps.ownCard(ask);
      requireFrom(card, action);
      await deps.requireLiveSession(ask);
      await deps.codes.verify(
        {
          merchantId: ask.owner.merchant.id,
          phone: await deps.phoneOf(ask.owner),
          purpose: move.purpose,
          code,
        },
        { incorrect: "CUSTOMER_SMS_CODE_INCORRECT", expired: "CUSTOMER_SMS_CODE_EXPIRED", field: "code" },
      );
      const { merchant, customerId } = ask.owner;
      if (!(await deps.controls.setSoftBlocked(card.issuerCardId, action === "BLOCK"))) {
        throw cardErrors.create("CARD_NOT_ACTIVE", { field: "cardId" });
      }
      const moved = await deps.withEvent(
        ask,
        card,
        action === "BLOCK" ? "CARD_FROZEN" : "CARD_UNFROZEN",
        (tx) => moveStatusSql(tx, merchant.id, customerId, card.id, move.from, move.to, deps.now()),
      );
      if (!moved) {
        // The card changed meanwhile: put the issuer back in line with it, and say so.
        const current = await deps.ownCard(ask);
        await deps.controls.setSoftBlocked(card.issuerCardId, current.status === "SOFT_BLOCKED");
        requireFrom(current, action);
      }
      return { result: "ok" as const };
    },
  };
}
