import type { CardRow } from "../cards/index.ts";
import type { LedgerService } from "../ledger/index.ts";
import type { CardFundingRepository } from "./card-funding.repository.ts";
import { CARD_CURRENCY } from "./card-rules.ts";

type CardRef = Pick<CardRow, "merchantId" | "customerId" | "id">;

/**
 * Each card's balance is a ledger account of its own (kind card_balance, EUR), opened at the
 * card's first top-up; card_balances says which account is whose card. Opening happens before a
 * use-case's transaction (the ledger opens accounts on a connection of its own).
 */
export function createCardBalanceAccounts(deps: {
  repository: CardFundingRepository;
  ledger: Pick<LedgerService, "openCustomerAccount" | "listCustomerAccounts">;
}) {
  const { repository, ledger } = deps;
  return {
    /** The card's balance account id, if it was ever topped up. */
    async find(card: CardRef): Promise<string | undefined> {
      const [row] = await repository.balanceAccounts(card.merchantId, card.customerId, [card.id]);
      return row?.ledgerAccountId;
    },

    /**
     * The card's balance account, opened if missing. Two first top-ups at once may each open one;
     * the first recorded wins and the other account stays empty and unreferenced.
     */
    async ensure(card: CardRef): Promise<string> {
      const existing = await this.find(card);
      if (existing) return existing;
      const account = await ledger.openCustomerAccount({
        merchantId: card.merchantId,
        ownerId: card.customerId,
        kind: "card_balance",
        currency: CARD_CURRENCY,
      });
      return repository.claimBalanceAccount({
        merchantId: card.merchantId,
        customerId: card.customerId,
        cardId: card.id,
        ledgerAccountId: account.id,
        currency: CARD_CURRENCY,
      });
    },

    /** Available balance (holds taken off) of each of the customer's cards, by card id. */
    async available(merchantId: string, customerId: string, cardIds: string[]) {
      const [rows, accounts] = await Promise.all([
        repository.balanceAccounts(merchantId, customerId, cardIds),
        ledger.listCustomerAccounts({ merchantId, ownerId: customerId, kind: "card_balance" }),
      ]);
      const byAccount = new Map(accounts.map((a) => [a.id, a.available]));
      return new Map(rows.map((r) => [r.cardId, byAccount.get(r.ledgerAccountId) ?? 0n]));
    },
  };
}

export type CardBalanceAccounts = ReturnType<typeof createCardBalanceAccounts>;
