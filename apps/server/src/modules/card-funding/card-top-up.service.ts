import type { CurrencyCode } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { createMoneyFrame, keyOf } from "../../app/money-use-case.ts";
import type { ClientSource } from "../../db/transaction.ts";
import type { AuthService, VerifiedClaims } from "../auth/index.ts";
import type { CardRow, CardsService } from "../cards/index.ts";
import { type HistoryService, money } from "../history/index.ts";
import type { AccountRef, LedgerService, OperationOutcome, TransferLeg } from "../ledger/index.ts";
import type { Merchant } from "../merchants/index.ts";
import { type KindOffers, type OfferRow, type QuoteLegAccount, quotesErrors } from "../quotes/index.ts";
import type { WalletsService } from "../wallets/index.ts";
import type { CardBalanceAccounts } from "./card-balance-accounts.ts";
import { cardFundingErrors } from "./card-funding.errors.ts";
import { type CardFundingRepository, insertOperationSql } from "./card-funding.repository.ts";
import { parseTopUpRequest, type TopUpBody } from "./card-funding-input.ts";
import { maskedNumber, offerView, pairView, rateOf, receiptOf } from "./card-funding-views.ts";
import { assertFundable, CARD_CURRENCY } from "./card-rules.ts";

export type Owner = { merchant: Merchant; customerId: string };
type Customer = Pick<VerifiedClaims, "customerId" | "merchantId" | "sessionId">;

export type ConfirmTopUpInput = {
  merchant: Merchant;
  customer: Customer;
  cardId: string;
  offerId: string;
  idempotencyKey: string;
  requestHash: string;
};

/**
 * A card's top-up from a crypto wallet (reference §4.16, flow §5.10): the quote engine's
 * CARD_PAYLOAD kind prices crypto into the card's EUR; confirming is one transaction, as a send
 * (docs/send.md): the session, the offer's lock, the KYC limits of CARD_TOPUP_CRYPTO, one ledger
 * operation (the crypto and its fees out of the wallet, the EUR from liquidity onto the card's
 * balance account), the offer executed, the card's history row and the wallet's history row.
 */
export function createCardTopUp(deps: {
  db: ClientSource;
  repository: CardFundingRepository;
  balances: CardBalanceAccounts;
  cards: Pick<CardsService, "cardOf" | "lockCard">;
  offers: KindOffers;
  auth: Pick<AuthService, "requireLiveSession">;
  ledger: LedgerService;
  wallets: Pick<WalletsService, "ensureWallet">;
  history: Pick<HistoryService, "record">;
  now: () => Date;
}) {
  const { repository, offers, ledger } = deps;
  const frame = createMoneyFrame(deps);

  /** The customer's own card, or 404 (another customer's card is not found, never forbidden). */
  async function ownCard(owner: Owner, cardId: string, cp?: string): Promise<CardRow> {
    const card = await deps.cards.cardOf(owner.merchant.id, owner.customerId, cardId);
    if (!card || (cp && card.program !== cp))
      throw cardFundingErrors.create("CARD_NOT_FOUND", { field: "cardId" });
    return card;
  }

  async function walletAvailable(owner: Owner) {
    const accounts = await ledger.listCustomerAccounts({
      merchantId: owner.merchant.id,
      ownerId: owner.customerId,
      kind: "customer_wallet",
    });
    return new Map(accounts.map((a) => [a.currency as string, a.available]));
  }

  async function pairs(owner: Owner) {
    return (await offers.pairs(owner.merchant, owner.customerId, "CARD_PAYLOAD")).filter(
      (p) => p.to === CARD_CURRENCY,
    );
  }

  async function cardBalance(card: CardRow) {
    const sums = await deps.balances.available(card.merchantId, card.customerId, [card.id]);
    return sums.get(card.id) ?? 0n;
  }

  async function view(owner: Owner, card: CardRow, offer: OfferRow) {
    const available = (await walletAvailable(owner)).get(offer.currencyFrom) ?? 0n;
    return offerView(offer, card, available >= offer.amountFrom);
  }

  return {
    ownCard,

    /** GET /v2/card/payload/currencies: the wallets a card can be topped up from, with what they hold. */
    async currencies(owner: Owner) {
      const [terms, available] = await Promise.all([pairs(owner), walletAvailable(owner)]);
      return {
        cardCurrency: CARD_CURRENCY,
        currencies: terms.map((t) => ({
          currency: t.from,
          available: money(available.get(t.from) ?? 0n, t.from),
          lock: t.locked,
        })),
      };
    },

    /** GET /v2/card/{cardId}/payload/data: the card, its balance, and each pair's rate, bounds and fees. */
    async data(owner: Owner, cardId: string, cp?: string) {
      const card = await ownCard(owner, cardId, cp);
      const [terms, available, balance] = await Promise.all([
        pairs(owner),
        walletAvailable(owner),
        cardBalance(card),
      ]);
      const views = terms.map((t) =>
        pairView(t, offers.bid(owner.merchant, t.from, t.to), available.get(t.from) ?? 0n),
      );
      return {
        card: {
          cardId: card.id,
          maskedPan: maskedNumber(card),
          cardCompany: "VISA",
          cardProgram: card.program,
          status: card.status,
          cardBalance: money(balance, CARD_CURRENCY),
        },
        fees: views[0]?.fees ?? { transactionFee: "0.00", additionalFee: "0.00" },
        pairs: views,
      };
    },

    /** POST /v2/card/{cardId}/payload/offers: a CARD_PAYLOAD offer for this card. */
    async createOffer(owner: Owner, cardId: string, body: TopUpBody, cp?: string) {
      const card = await ownCard(owner, cardId, cp);
      assertFundable(card, deps.now());
      const request = parseTopUpRequest(owner.merchant, body);
      const offer = await offers.create(owner.merchant, owner.customerId, "CARD_PAYLOAD", uuidv7(), request);
      await repository.linkOffer(owner.merchant.id, owner.customerId, card.id, offer.id);
      return view(owner, card, offer);
    },

    /** PUT /v2/card/{cardId}/payload/offers/{offerId}: re-prices the open offer (the app does so every 30 s). */
    async updateOffer(owner: Owner, cardId: string, offerId: string, body: TopUpBody, cp?: string) {
      const card = await ownCard(owner, cardId, cp);
      if (!(await repository.offerIsFor(owner.merchant.id, owner.customerId, card.id, offerId))) {
        throw quotesErrors.create("OFFER_NOT_FOUND", { field: "offerId" });
      }
      assertFundable(card, deps.now());
      const request = parseTopUpRequest(owner.merchant, body);
      const offer = await offers.update(owner.merchant, owner.customerId, "CARD_PAYLOAD", offerId, request);
      return view(owner, card, offer);
    },

    /** POST /v2/card/{cardId}/payload/offers/{offerId}/confirm: moves the money once. */
    confirm(input: ConfirmTopUpInput, cp?: string): Promise<OperationOutcome> {
      const { merchant } = input;
      const { customerId } = input.customer;
      const owner = { merchant, customerId };
      return frame({
        session: input.customer,
        key: keyOf(merchant.id, input),
        insufficientFunds: () => cardFundingErrors.create("INSUFFICIENT_FUNDS", { field: "fromAmount" }),
        prepare: async () => {
          const card = await ownCard(owner, input.cardId, cp);
          const offer = (await repository.offerIsFor(merchant.id, customerId, card.id, input.offerId))
            ? await offers.find(merchant.id, customerId, "CARD_PAYLOAD", input.offerId)
            : undefined;
          if (!offer) throw quotesErrors.create("OFFER_NOT_FOUND", { field: "offerId" });
          await offers.assertPayable(offer);
          // A frozen, blocked or expired card takes no money: refused now, before the pricing work,
          // and judged again on the card's row locked in the transaction.
          const at = deps.now();
          assertFundable(card, at);
          const from = offer.currencyFrom as CurrencyCode;
          const [wallet, balanceAccount, limit, promo] = await Promise.all([
            deps.wallets.ensureWallet(merchant.id, customerId, from),
            deps.balances.ensure(card),
            offers.prepareLimit(merchant, customerId, "CARD_PAYLOAD", offer),
            offers.promoGranted(merchant, customerId, offer),
            ledger.ensureHouseAccounts({ merchantId: merchant.id, currency: from }),
            ledger.ensureHouseAccounts({ merchantId: merchant.id, currency: CARD_CURRENCY }),
          ]);
          // The crypto side is the customer's wallet; the EUR side lands on the card's own account.
          const account = (a: QuoteLegAccount): AccountRef =>
            "house" in a
              ? a
              : a.customerWallet === from
                ? { accountId: wallet.id }
                : { accountId: balanceAccount };
          const legs: TransferLeg[] = offers.legs(offer).map((leg) => ({
            debit: account(leg.debit),
            credit: account(leg.credit),
            amount: leg.amount,
            currency: leg.currency,
          }));
          const operationId = uuidv7();
          const receipt = receiptOf({ offer, card, operationId, at });
          return { card, offer, at, wallet, limit, promo, legs, operationId, receipt };
        },
        lock: async (tx, { card, offer, at }) => {
          // A soft block that committed since the card was read refuses the top-up; one that
          // comes now waits until the money has moved.
          const locked = await deps.cards.lockCard(tx, merchant.id, customerId, card.id);
          if (!locked) throw cardFundingErrors.create("CARD_NOT_FOUND", { field: "cardId" });
          assertFundable(locked, at);
          await offers.lockPayable(tx, offer);
        },
        limit: (p) => ({ limit: p.limit, reference: p.operationId }),
        move: async (tx, { card, offer, promo, legs, operationId, receipt }) => {
          await offers.usePromo(tx, offer, promo);
          return ledger.apply(tx, {
            merchantId: merchant.id,
            operationId,
            idempotencyKey: input.idempotencyKey,
            requestHash: input.requestHash,
            kind: "card_top_up",
            legs,
            metadata: { customerId, cardId: card.id, offerId: offer.id },
            response: { statusCode: 200, body: receipt },
          });
        },
        record: async (tx, { card, offer, at, wallet, operationId }) => {
          await offers.markExecuted(tx, merchant.id, offer.id, operationId);
          await insertOperationSql(tx, {
            merchantId: merchant.id,
            id: operationId,
            customerId,
            cardId: card.id,
            kind: "TOP_UP",
            status: "COMPLETED",
            amount: offer.amountTo,
            currency: CARD_CURRENCY,
            description: `From your ${offer.currencyFrom} wallet`,
            declineReason: null,
            issuerTxId: null,
            pendingTransferId: null,
            operationId,
            details: {
              debitAmount: money(offer.amountFrom, offer.currencyFrom),
              feeAmount: money(offer.feeTotal, offer.currencyFrom),
            },
            createdAt: at,
          });
          await deps.history.record(tx, [
            {
              merchantId: merchant.id,
              customerId,
              operationId,
              type: "CARD_TOP_UP",
              direction: "OUT",
              status: "COMPLETED",
              currency: offer.currencyFrom,
              amount: offer.amountFrom,
              fee: offer.feeTotal,
              counterparty: maskedNumber(card),
              details: {
                cardId: card.id,
                cardNumber: maskedNumber(card),
                fromAddress: wallet.id,
                debitAmount: money(offer.amountFrom, offer.currencyFrom),
                creditAmount: money(offer.amountTo, offer.currencyTo),
                feeAmount: money(offer.feeTotal, offer.currencyFrom),
                exchangeRate: rateOf(offer),
              },
            },
          ]);
        },
      });
    },
  };
}
