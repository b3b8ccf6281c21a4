import type { ClientSource, Tx } from "../../db/transaction.ts";
import type { CardSecrets } from "../../providers/issuer/card-secrets.ts";
import type { IssuerProvider } from "../../providers/issuer/issuer-provider.ts";
import type { CardOrdersService, Owner } from "../card-orders/index.ts";
import { money } from "../history/index.ts";
import type { CardProgram } from "../merchants/index.ts";
import { createCardActivation } from "./card-activation.service.ts";
import { createCardRsa } from "./card-rsa.service.ts";
import { cardRowView } from "./card-views.ts";
import { createCardsRepository, lockCardSql } from "./cards.repository.ts";

/**
 * Issued cards (docs/cards.md): the list, the issuer's callbacks, activation, and the card for
 * the modules that work on one (card funding, the back-office). The order a card comes from is
 * the card-orders module's, reached through its service.
 */
export function createCardsService(deps: {
  db: ClientSource;
  orders: Pick<
    CardOrdersService,
    | "requireProgram"
    | "requireOperation"
    | "openOrders"
    | "cardTerms"
    | "orderById"
    | "lockOrder"
    | "markIssued"
  >;
  issuer: IssuerProvider;
  secrets: CardSecrets;
  callbackSecret: string;
  /** Each card's balance and this month's money in and out (the card-funding module's ledger accounts). */
  cardBalances?: CardBalances;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { orders } = deps;
  const repository = createCardsRepository({ db: deps.db });
  const rsa = createCardRsa({ repository, secrets: deps.secrets });
  const activation = createCardActivation({ ...deps, repository, rsa, now });
  return {
    ...activation,

    /** GET /v2/card/list: the program's unfinished orders and cards, newest first, with each card's balance. */
    async list(owner: Owner, cp: CardProgram | undefined) {
      const { merchant, customerId } = owner;
      const program = await orders.requireProgram(merchant.id, cp);
      await orders.requireOperation(merchant.id, customerId, "CARDS");
      const [open, cards] = await Promise.all([
        orders.openOrders(owner, program),
        repository.listCards(merchant.id, customerId, program),
      ]);
      const [terms, sums] = await Promise.all([
        orders.cardTerms(merchant.id, customerId, program, cards),
        deps.cardBalances && cards.length > 0
          ? deps.cardBalances(
              merchant.id,
              customerId,
              cards.map((c) => c.id),
            )
          : undefined,
      ]);
      return {
        kycStatus: open.kycStatus,
        cards: [
          ...open.entries,
          ...cards.map((c, i) => {
            const view = cardRowView(c, terms[i] as (typeof terms)[number]);
            const s = sums?.get(c.id);
            return s
              ? {
                  ...view,
                  balance: money(s.balance, s.currency),
                  monthlyIncome: money(s.monthlyIncome, s.currency),
                  monthlyExpenses: money(s.monthlyExpenses, s.currency),
                }
              : view;
          }),
        ],
        iban: null,
      };
    },

    /** The customer's own card (undefined when it is not theirs): for modules that work on a card. */
    cardOf: (merchantId: string, customerId: string, cardId: string) =>
      repository.findCard(merchantId, customerId, cardId),

    /** The customer's card locked in the caller's transaction, to judge its status on (card-funding). */
    lockCard: (tx: Tx, merchantId: string, customerId: string, cardId: string) =>
      lockCardSql(tx, merchantId, customerId, cardId),

    /** The back-office: a customer's cards, any program (the table holds only the last four digits). */
    cardsOf: (merchantId: string, customerId: string) => repository.listAllCards(merchantId, customerId),
    /** The back-office's search by a card's last four digits. */
    customerIdsByLast4: (merchantId: string, last4: string) =>
      repository.customerIdsByLast4(merchantId, last4),

    /** A card by the issuer's id, for the issuer's callbacks. */
    cardByIssuerId: (merchantId: string, issuerCardId: string) =>
      repository.findCardByIssuerId(merchantId, issuerCardId),
  };
}

export type CardBalances = (
  merchantId: string,
  customerId: string,
  cardIds: string[],
) => Promise<
  Map<string, { balance: bigint; monthlyIncome: bigint; monthlyExpenses: bigint; currency: string }>
>;

export type CardsService = ReturnType<typeof createCardsService>;
