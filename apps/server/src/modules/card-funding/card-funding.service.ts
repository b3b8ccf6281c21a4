import type { ClientSource } from "../../db/transaction.ts";
import type { AuthService } from "../auth/index.ts";
import type { CardsService } from "../cards/index.ts";
import type { CustomersService } from "../customers/index.ts";
import { type HistoryService, money } from "../history/index.ts";
import type { LedgerService } from "../ledger/index.ts";
import type { KindOffers } from "../quotes/index.ts";
import type { WalletsService } from "../wallets/index.ts";
import { createCardBalanceAccounts } from "./card-balance-accounts.ts";
import { createCardFundingRepository } from "./card-funding.repository.ts";
import { cardOperationView } from "./card-funding-views.ts";
import { CARD_CURRENCY } from "./card-rules.ts";
import { createCardSpending } from "./card-spending.service.ts";
import { createCardTopUp, type Owner } from "./card-top-up.service.ts";

/**
 * A prepaid card's money (docs/card-funding.md): its balance (a ledger account per card), top-ups
 * from crypto through the quote engine (CARD_PAYLOAD), spending reported by the issuer, and the
 * card's history. Cards themselves (orders, status) are the cards module's, read through its service.
 */
export function createCardFundingService(deps: {
  db: ClientSource;
  cards: Pick<CardsService, "cardOf" | "cardByIssuerId" | "lockCard">;
  customers: Pick<CustomersService, "isBlockedIn">;
  offers: KindOffers;
  auth: Pick<AuthService, "requireLiveSession">;
  ledger: LedgerService;
  wallets: Pick<WalletsService, "ensureWallet">;
  history: Pick<HistoryService, "record">;
  callbackSecret: string;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const repository = createCardFundingRepository(deps.db);
  const balances = createCardBalanceAccounts({ repository, ledger: deps.ledger });
  const topUp = createCardTopUp({ ...deps, repository, balances, now });
  const spending = createCardSpending({ ...deps, repository, balances, now });

  return {
    ...topUp,
    receiveCardEvent: spending.receive,

    /** GET /v2/history/card/{cardId}: the card's top-ups, purchases and refunds, newest first. */
    async cardHistory(
      owner: Owner,
      cardId: string,
      q: { cp?: string | undefined; offset: number; size: number },
    ) {
      const card = await topUp.ownCard(owner, cardId, q.cp);
      const [{ rows, total }, available] = await Promise.all([
        repository.page(owner.merchant.id, owner.customerId, card.id, q.offset, q.size),
        balances.available(owner.merchant.id, owner.customerId, [card.id]),
      ]);
      return {
        cardId: card.id,
        balance: money(available.get(card.id) ?? 0n, CARD_CURRENCY),
        offset: q.offset,
        size: q.size,
        total,
        operations: rows.map(cardOperationView),
      };
    },

    /** Each card's available balance and this month's money in and out (the card list shows them). */
    async cardSums(merchantId: string, customerId: string, cardIds: string[]) {
      const at = now();
      const monthStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
      const [available, monthly] = await Promise.all([
        balances.available(merchantId, customerId, cardIds),
        repository.monthlySums(merchantId, customerId, cardIds, monthStart),
      ]);
      return new Map(
        cardIds.map((id) => [
          id,
          {
            balance: available.get(id) ?? 0n,
            monthlyIncome: monthly.get(id)?.income ?? 0n,
            monthlyExpenses: monthly.get(id)?.expenses ?? 0n,
            currency: CARD_CURRENCY,
          },
        ]),
      );
    },
  };
}
