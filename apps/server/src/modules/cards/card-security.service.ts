import type { SecurityEventKind } from "../../db/schema/security.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";
import { inTransaction } from "../../db/transaction.ts";
import type { CardSecrets } from "../../providers/issuer/card-secrets.ts";
import type { IssuerCardControls } from "../../providers/issuer/issuer-card-controls.ts";
import type { AuthService, Codes } from "../auth/index.ts";
import type { CardOrdersService, Owner } from "../card-orders/index.ts";
import type { CustomersService } from "../customers/index.ts";
import type { RateLimitService } from "../ratelimit/index.ts";
import { recordSecurityEvent } from "../security/index.ts";
import { createCardBlocks } from "./card-block.service.ts";
import { createCardLabels } from "./card-label.service.ts";
import { createCardPins } from "./card-pin.service.ts";
import { createCardRsa } from "./card-rsa.service.ts";
import { createCardSecretsReveal } from "./card-secrets.service.ts";
import type { CardAsk } from "./card-security-parts.ts";
import { cardErrors } from "./cards.errors.ts";
import { createCardsRepository } from "./cards.repository.ts";
import type { CardRow } from "./cards.types.ts";

/**
 * The customer's controls of an issued card (docs/cards.md "Reveal, PIN, blocks"): reveal the
 * number and the full details sealed to the browser's key, set the PIN, name the card, soft
 * block and unblock it with an SMS code.
 */
export function createCardSecurityService(deps: {
  db: ClientSource;
  /** The program guard (the card-orders module's). */
  orders: Pick<CardOrdersService, "requireProgram" | "requireOperation">;
  customers: Pick<CustomersService, "getCustomer">;
  auth: Pick<AuthService, "requireLiveSession">;
  codes: Codes;
  limits: Pick<RateLimitService, "consume">;
  controls: IssuerCardControls;
  secrets: CardSecrets;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const repository = createCardsRepository({ db: deps.db });
  const programs = deps.orders;
  const rsa = createCardRsa({ repository, secrets: deps.secrets });

  /** The customer's own card of the program (404 otherwise), after the catalog's word on CARDS. */
  async function ownCard(ask: CardAsk): Promise<CardRow> {
    const { merchant, customerId } = ask.owner;
    const program = await programs.requireProgram(merchant.id, ask.cp);
    await programs.requireOperation(merchant.id, customerId, "CARDS");
    const card = await repository.findCard(merchant.id, customerId, ask.cardId);
    if (!card || card.program !== program) throw cardErrors.create("CARD_NOT_FOUND", { field: "cardId" });
    return card;
  }

  /** A signed-out session's token may still be unexpired: secrets and blocks want a live one. */
  const requireLiveSession = (ask: CardAsk) =>
    inTransaction(deps.db, (tx) => deps.auth.requireLiveSession(tx, ask.claims));

  /**
   * The card's change `write` (if any) and its security event in one transaction, judged on a
   * live session inside it. `write` answers false when the card was not as expected: then
   * nothing is recorded and the caller says why.
   */
  const withEvent = (
    ask: CardAsk,
    card: CardRow,
    kind: SecurityEventKind,
    write: (tx: Tx) => Promise<boolean> = async () => true,
  ) =>
    inTransaction(deps.db, async (tx) => {
      await deps.auth.requireLiveSession(tx, ask.claims);
      if (!(await write(tx))) return false;
      await recordSecurityEvent(tx, {
        merchantId: ask.owner.merchant.id,
        customerId: ask.owner.customerId,
        kind,
        sessionId: ask.claims.sessionId,
        details: { card: card.last4 },
      });
      return true;
    });

  /** The customer's phone, where the SMS codes go. */
  const phoneOf = async (owner: Owner) =>
    (await deps.customers.getCustomer(owner.merchant.id, owner.customerId)).phone;

  const shared = { ...deps, now, repository, ownCard, requireLiveSession, withEvent, phoneOf };
  return {
    ...createCardSecretsReveal(shared),
    ...createCardPins({ ...shared, rsa }),
    ...createCardLabels(shared),
    ...createCardBlocks(shared),
  };
}
