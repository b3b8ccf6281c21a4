import type { ClientSource, Tx } from "../../db/transaction.ts";
import type { CardSecrets } from "../../providers/issuer/card-secrets.ts";
import type { IssuerProvider } from "../../providers/issuer/issuer-provider.ts";
import type { AuthService } from "../auth/auth.service.ts";
import { createCardPayments } from "../card-orders/card-order-payment.service.ts";
import type { Owner } from "../card-orders/card-order-steps.service.ts";
import { createCardOrders } from "../card-orders/card-order-steps.service.ts";
import { moneyOf } from "../card-orders/card-order-views.ts";
import { createCardsRepository, lockCardSql } from "../card-orders/card-orders.repository.ts";
import { createCardPrograms } from "../card-orders/card-program-guard.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import type { CustomersService } from "../customers/customers.service.ts";
import type { HistoryService } from "../history/history.service.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import type { MerchantsService } from "../merchants/merchants.service.ts";
import type { CardProgram } from "../merchants/merchants.types.ts";
import type { QuotesService } from "../quotes/quotes.service.ts";
import type { WalletsService } from "../wallets/wallets.service.ts";
import { createCardActivation } from "./card-activation.service.ts";
import { createCardRsa } from "./card-rsa.service.ts";

/** Cards (docs/cards.md): programs, the order and its payment, the issuer's callbacks, activation. */
export function createCardsService(deps: {
  db: ClientSource;
  merchants: Pick<MerchantsService, "features">;
  catalog: Pick<CatalogService, "assertOperationAllowed">;
  customers: Pick<CustomersService, "getCustomer">;
  auth: Pick<AuthService, "requireLiveSession">;
  ledger: LedgerService;
  wallets: Pick<WalletsService, "ensureWallet">;
  history: Pick<HistoryService, "record">;
  quotes: Pick<QuotesService, "cardOrders">;
  issuer: IssuerProvider;
  secrets: CardSecrets;
  callbackSecret: string;
  /** Each card's balance and this month's money in and out (the card-funding module's ledger accounts). */
  cardBalances?: CardBalances;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const repository = createCardsRepository(deps.db);
  const programs = createCardPrograms(deps);
  const orders = createCardOrders({ repository, programs, customers: deps.customers, now });
  const payments = createCardPayments({ ...deps, repository, programs, orders, now });
  const rsa = createCardRsa({ repository, secrets: deps.secrets });
  const activation = createCardActivation({ ...deps, repository, programs, orders, rsa, now });
  return {
    ...orders,
    ...payments,
    ...activation,

    /** GET /v2/card/list, with each card's balance filled in. */
    async list(owner: Owner, cp: CardProgram | undefined) {
      const answer = await orders.list(owner, cp);
      const ids = answer.cards.flatMap((c) => (c.id ? [c.id] : []));
      if (!deps.cardBalances || ids.length === 0) return answer;
      const sums = await deps.cardBalances(owner.merchant.id, owner.customerId, ids);
      return {
        ...answer,
        cards: answer.cards.map((c) => {
          const s = c.id ? sums.get(c.id) : undefined;
          return s
            ? {
                ...c,
                balance: moneyOf(s.balance, s.currency),
                monthlyIncome: moneyOf(s.monthlyIncome, s.currency),
                monthlyExpenses: moneyOf(s.monthlyExpenses, s.currency),
              }
            : c;
        }),
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
export type { CardRow } from "../card-orders/card-orders.repository.ts";

export type CardsService = ReturnType<typeof createCardsService>;
