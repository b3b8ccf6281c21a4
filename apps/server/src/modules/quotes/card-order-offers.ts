import { v7 as uuidv7 } from "uuid";
import type { Tx } from "../../db/transaction.ts";
import { AppError } from "../../http/app-error.ts";
import type { TransferLeg } from "../ledger/index.ts";
import type { Merchant } from "../merchants/index.ts";
import { expiryOf } from "./offer-kinds.ts";
import type { Pricer } from "./offer-terms.ts";
import { pricedOf, rowOf } from "./offer-views.ts";
import { legsOf } from "./quote-legs.ts";
import { quotesErrors } from "./quotes.errors.ts";
import { lockOfferSql, markExecutedSql, type OfferRow, type QuotesRepository } from "./quotes.repository.ts";

/**
 * The quote engine's CARD_ORDER kind (docs/quotes.md, docs/cards.md): a card's price, fixed in
 * fiat (the to side), paid from a crypto wallet (the from side) at the merchant's bid with the
 * pair's fees, by the same rounding rule as an exchange. What the fiat side buys goes to the
 * merchant's issuer settlement account instead of a customer wallet.
 */
export function createCardOrderOffers(deps: {
  repository: QuotesRepository;
  pricer: Pricer;
  now: () => Date;
}) {
  const { repository, pricer } = deps;

  async function price(merchant: Merchant, customerId: string, from: string, to: string, amountTo: bigint) {
    const terms = await pricer.terms(merchant, customerId, "CARD_ORDER", from, to);
    if (!terms || terms.locked) throw quotesErrors.create("PAIR_NOT_AVAILABLE", { field: "currency" });
    const at = deps.now();
    return { at, priced: pricer.price(merchant, terms, { side: "to", amount: amountTo }, at) };
  }

  return {
    /** What paying `amountTo` of `to` costs in `from` now (the price call; nothing stored). */
    async quote(merchant: Merchant, customerId: string, from: string, to: string, amountTo: bigint) {
      try {
        return (await price(merchant, customerId, from, to, amountTo)).priced;
      } catch (err) {
        // The engine names the typed side; here the customer chose only the currency.
        if (err instanceof AppError && err.field === "amountTo") {
          throw quotesErrors.create(err.code as "AMOUNT_TOO_SMALL", { field: "currency" });
        }
        throw err;
      }
    },

    /** A stored CARD_ORDER offer for the price, open as long as its row of the kind table says. */
    async createOffer(
      merchant: Merchant,
      customerId: string,
      from: string,
      to: string,
      amountTo: bigint,
    ): Promise<OfferRow> {
      const priced = await this.quote(merchant, customerId, from, to, amountTo);
      const at = deps.now();
      const expiresAt = expiryOf("CARD_ORDER", at);
      const row = rowOf(priced, {
        merchantId: merchant.id,
        id: uuidv7(),
        customerId,
        kind: "CARD_ORDER",
        expiresAt,
      });
      return repository.insertOffer(row, at);
    },

    /** The customer's CARD_ORDER offer (undefined when it is not theirs or not of this kind). */
    async findOffer(merchantId: string, customerId: string, offerId: string) {
      const offer = await repository.findOffer(merchantId, customerId, offerId);
      return offer?.kind === "CARD_ORDER" ? offer : undefined;
    },

    /**
     * In the payment's transaction: locks the offer, judges it again (executed, lapsed) and marks
     * it executed by the operation. Lock order: offer first, then what the caller locks.
     */
    async claimOffer(tx: Tx, offer: OfferRow, operationId: string, at: Date): Promise<void> {
      const locked = await lockOfferSql(tx, offer.merchantId, offer.customerId, offer.id);
      if (!locked) throw quotesErrors.create("OFFER_NOT_FOUND", { field: "offerId" });
      if (locked.status === "executed")
        throw quotesErrors.create("OFFER_ALREADY_EXECUTED", { field: "offerId" });
      if (locked.status !== "open" || locked.expiresAt <= at) {
        throw quotesErrors.create("OFFER_EXPIRED", { field: "offerId" });
      }
      await markExecutedSql(tx, offer.merchantId, offer.id, operationId, at);
    },

    /** Marks a lapsed offer expired (before a refusal), as the exchange does. */
    markExpired: (offer: OfferRow, at: Date) => repository.markExpired(offer.merchantId, offer.id, at),
  };
}

/**
 * The ledger legs of paying a CARD_ORDER offer: the engine's legs, with the fiat side credited to
 * the merchant's issuer settlement account (the card is bought from the issuer with it).
 */
export function cardOrderLegs(offer: OfferRow, customerWalletId: string): TransferLeg[] {
  return legsOf(pricedOf(offer)).map((leg) => ({
    debit: "house" in leg.debit ? leg.debit : { accountId: customerWalletId },
    credit: "house" in leg.credit ? leg.credit : { house: "issuer_settlement" as const },
    amount: leg.amount,
    currency: leg.currency,
  }));
}

/** The refund of a paid card order: every leg of the payment, reversed (the customer gets it all). */
export function cardOrderRefundLegs(offer: OfferRow, customerWalletId: string): TransferLeg[] {
  return cardOrderLegs(offer, customerWalletId).map((leg) => ({
    ...leg,
    debit: leg.credit,
    credit: leg.debit,
  }));
}

export type { OfferRow };
