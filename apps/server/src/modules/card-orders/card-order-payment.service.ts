import type { CurrencyCode } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { createMoneyFrame, keyOf } from "../../app/money-use-case.ts";
import { type ClientSource, inTransaction, type Tx } from "../../db/transaction.ts";
import type { IssuerProvider } from "../../providers/issuer/issuer-provider.ts";
import type { AuthService, VerifiedClaims } from "../auth/index.ts";
import { type HistoryService, money } from "../history/index.ts";
import type { LedgerService, OperationOutcome } from "../ledger/index.ts";
import type { CardProgram, Merchant } from "../merchants/index.ts";
import {
  cardOrderLegs,
  cardOrderRefundLegs,
  type OfferRow,
  type QuotesService,
  quotesErrors,
} from "../quotes/index.ts";
import type { WalletsService } from "../wallets/index.ts";
import type { CardOrders } from "./card-order-steps.service.ts";
import { openSteps } from "./card-order-views.ts";
import { cardOrderErrors } from "./card-orders.errors.ts";
import {
  type CardOrdersRepository,
  lockRequestSql,
  markCancelledSql,
  markPaidSql,
} from "./card-orders.repository.ts";
import type { Owner, RequestRow } from "./card-orders.types.ts";
import type { CardPrograms } from "./card-program-guard.ts";

/** The fiat currency cards are priced in. */
const PRICE_CURRENCY = "EUR";

export type ConfirmPaymentInput = {
  merchant: Merchant;
  customer: Pick<VerifiedClaims, "customerId" | "merchantId" | "sessionId">;
  cp: CardProgram | undefined;
  offerId: string;
  idempotencyKey: string;
  requestHash: string;
};

/**
 * Paying for a card order and cancelling it (docs/cards.md "Money"). The price is in EUR; the
 * customer pays from a crypto wallet through the quote engine (kind CARD_ORDER). Paying is one
 * transaction: the session, the request's and the offer's locks, the ledger operation, the
 * request marked paid, the order to the issuer and the history row. A cancel of a paid order
 * refunds every leg under a key derived from the request, so it is refunded once.
 */
export function createCardPayments(deps: {
  db: ClientSource;
  repository: CardOrdersRepository;
  programs: CardPrograms;
  orders: CardOrders;
  auth: Pick<AuthService, "requireLiveSession">;
  ledger: LedgerService;
  wallets: Pick<WalletsService, "ensureWallet">;
  history: Pick<HistoryService, "record">;
  quotes: Pick<QuotesService, "cardOrders">;
  issuer: IssuerProvider;
  now: () => Date;
}) {
  const { repository, programs, orders, ledger } = deps;
  const offers = deps.quotes.cardOrders;
  const frame = createMoneyFrame(deps);

  /** The request's price in EUR minor units: the card (less a promo code) and its delivery. */
  async function fiatPrice(owner: Owner, r: RequestRow, promoCode: string | undefined) {
    const price = (await repository.listPrices(owner.merchant.id, r.program)).find(
      (p) => p.cardType === r.cardType,
    );
    if (!price) throw cardOrderErrors.create("CARD_TYPE_NOT_ALLOWED", { field: "cardType" });
    let card = price.price;
    if (promoCode) {
      const bps = await repository.promoDiscountBps(owner.merchant.id, promoCode.toUpperCase());
      if (bps === undefined) throw cardOrderErrors.create("PROMO_CODE_NOT_VALID", { field: "promoCode" });
      // The discount rounds down: the customer never pays less than the written percent gives.
      card -= (price.price * BigInt(bps)) / 10_000n;
    }
    const delivery = r.cardType === "PLASTIC" ? price.delivery : 0n;
    return { card, delivery, total: card + delivery };
  }

  /** Every step done but the payment, or 409 naming the steps still open. */
  async function requireComplete(owner: Owner, r: RequestRow) {
    if (r.status !== "OPEN") throw cardOrderErrors.create("CARD_REQUEST_NOT_OPEN", { field: "id" });
    const [kyc, info] = await Promise.all([
      orders.customerKyc(owner),
      repository.customerInfo(owner.merchant.id, owner.customerId),
    ]);
    const missing = openSteps(r, info, kyc).filter((s) => s !== "PAID");
    if (missing.length > 0)
      throw cardOrderErrors.create("CARD_REQUEST_INCOMPLETE", { field: "id", data: { steps: missing } });
    return kyc;
  }

  async function priceOf(owner: Owner, r: RequestRow, currency: string, promoCode: string | undefined) {
    const fiat = await fiatPrice(owner, r, promoCode);
    if (!owner.merchant.currencies.includes(currency) || currency === PRICE_CURRENCY) {
      throw quotesErrors.create("PAIR_NOT_AVAILABLE", { field: "currency" });
    }
    const priced = await offers.quote(owner.merchant, owner.customerId, currency, PRICE_CURRENCY, fiat.total);
    // The crypto price split like the fiat one; the delivery's share rounds down, the card takes the rest.
    const deliveryCrypto = fiat.total > 0n ? (priced.fromAmount * fiat.delivery) / fiat.total : 0n;
    return {
      fiat,
      view: {
        fiatPrice: money(fiat.total, PRICE_CURRENCY),
        cryptoPrice: money(priced.fromAmount, currency),
        card: {
          fiat: money(fiat.card, PRICE_CURRENCY),
          crypto: money(priced.fromAmount - deliveryCrypto, currency),
        },
        delivery: { fiat: money(fiat.delivery, PRICE_CURRENCY), crypto: money(deliveryCrypto, currency) },
        address: r.cardType === "PLASTIC" ? r.shippingAddress : r.billingAddress,
        promoCode: promoCode ? promoCode.toUpperCase() : null,
      },
    };
  }

  async function guard(owner: Owner, cp: CardProgram | undefined, id: string) {
    const program = await programs.requireProgram(owner.merchant.id, cp);
    await programs.requireOperation(owner.merchant.id, owner.customerId, "PAY_FOR_CARD");
    return orders.ownRequest(owner, program, id);
  }

  return {
    /** GET /v2/card/card-requests/{id}/price/{currency}: what the order costs, in fiat and crypto. */
    async price(owner: Owner, cp: CardProgram | undefined, id: string, currency: string, promoCode?: string) {
      const r = await guard(owner, cp, id);
      return (await priceOf(owner, r, currency, promoCode)).view;
    },

    /** POST /v2/card/card-requests/{id}/payment-offer/{currency}: a CARD_ORDER offer to confirm. */
    async createOffer(
      owner: Owner,
      cp: CardProgram | undefined,
      id: string,
      currency: string,
      promoCode?: string,
    ) {
      const r = await guard(owner, cp, id);
      await requireComplete(owner, r);
      const { fiat } = await priceOf(owner, r, currency, promoCode);
      const offer = await offers.createOffer(
        owner.merchant,
        owner.customerId,
        currency,
        PRICE_CURRENCY,
        fiat.total,
      );
      const updated = await repository.updateOpenRequest(
        owner.merchant.id,
        owner.customerId,
        r.id,
        { paymentOfferId: offer.id, promoCode: promoCode ? promoCode.toUpperCase() : null },
        deps.now(),
      );
      if (!updated) throw cardOrderErrors.create("CARD_REQUEST_NOT_OPEN", { field: "id" });
      return {
        offerId: offer.id,
        cryptoPrice: money(offer.amountFrom, offer.currencyFrom),
        fiatPrice: money(offer.amountTo, offer.currencyTo),
        validSeconds: Math.max(0, Math.round((offer.expiresAt.getTime() - deps.now().getTime()) / 1000)),
        expirationTime: offer.expiresAt.toISOString(),
      };
    },

    /** POST /v2/card/card-requests/payment-offer/{id}/confirm: pays the order once. */
    confirm(input: ConfirmPaymentInput): Promise<OperationOutcome> {
      const { merchant } = input;
      const { customerId } = input.customer;
      const owner = { merchant, customerId };
      return frame({
        session: input.customer,
        key: keyOf(merchant.id, input),
        insufficientFunds: () => cardOrderErrors.create("INSUFFICIENT_FUNDS", { field: "currency" }),
        prepare: async () => {
          const program = await programs.requireProgram(merchant.id, input.cp);
          await programs.requireOperation(merchant.id, customerId, "PAY_FOR_CARD");
          const offer = await offers.findOffer(merchant.id, customerId, input.offerId);
          const request = offer && (await repository.findRequestByOffer(merchant.id, customerId, offer.id));
          if (!offer || !request || request.program !== program) {
            throw quotesErrors.create("OFFER_NOT_FOUND", { field: "id" });
          }
          if (request.status !== "OPEN") throw quotesErrors.create("OFFER_ALREADY_EXECUTED", { field: "id" });
          const kyc = await requireComplete(owner, request);
          const at = deps.now();
          if (offer.status === "open" && offer.expiresAt <= at) {
            await offers.markExpired(offer, at);
            throw quotesErrors.create("OFFER_EXPIRED", { field: "id" });
          }
          const from = offer.currencyFrom as CurrencyCode;
          const [wallet] = await Promise.all([
            deps.wallets.ensureWallet(merchant.id, customerId, from),
            ledger.ensureHouseAccounts({ merchantId: merchant.id, currency: from }),
            ledger.ensureHouseAccounts({ merchantId: merchant.id, currency: PRICE_CURRENCY }),
          ]);
          const operationId = uuidv7();
          const cryptoPrice = money(offer.amountFrom, offer.currencyFrom);
          const receipt = {
            result: "ok" as const,
            cardRequestId: request.id,
            offerId: offer.id,
            operationId,
            status: "PAID" as const,
            cryptoPrice,
          };
          return { offer, request, kyc, at, wallet, operationId, receipt };
        },
        lock: async (tx, { offer, request, operationId, at }) => {
          const locked = await lockRequestSql(tx, merchant.id, request.id);
          if (locked?.status !== "OPEN") throw quotesErrors.create("OFFER_ALREADY_EXECUTED", { field: "id" });
          // A newer price offer for this order since it was read: this one is no longer the order's.
          if (locked.paymentOfferId !== offer.id) throw quotesErrors.create("OFFER_CHANGED", { field: "id" });
          await offers.claimOffer(tx, offer, operationId, at);
          return locked;
        },
        move: (tx, { offer, request, wallet, operationId, receipt }) =>
          ledger.apply(tx, {
            merchantId: merchant.id,
            operationId,
            idempotencyKey: input.idempotencyKey,
            requestHash: input.requestHash,
            kind: "card_order_payment",
            legs: cardOrderLegs(offer, wallet.id),
            metadata: { customerId, cardRequestId: request.id, offerId: offer.id },
            response: { statusCode: 200, body: receipt },
          }),
        record: async (tx, { offer, request, kyc, at, operationId }, _outcome, locked) => {
          await markPaidSql(tx, {
            merchantId: merchant.id,
            id: request.id,
            offerId: offer.id,
            operationId,
            currency: offer.currencyFrom,
            amount: offer.amountFrom,
            at,
          });
          // The order as it stands under the lock (its address may have changed since the read).
          await deps.issuer.orderCard(tx, {
            orderRef: locked.id,
            merchantId: merchant.id,
            program: locked.program,
            cardType: locked.cardType,
            phone: kyc.phone,
            shippingCity: locked.shippingAddress?.city ?? null,
            price: { amount: offer.amountTo, currency: offer.currencyTo },
          });
          await deps.history.record(tx, [
            {
              merchantId: merchant.id,
              customerId,
              operationId,
              type: "CARD_ORDER",
              direction: "OUT",
              status: "COMPLETED",
              currency: offer.currencyFrom,
              amount: offer.amountFrom,
              fee: offer.feeTotal,
              counterparty: null,
              details: {
                cardRequestId: locked.id,
                cardProgram: locked.program,
                cardType: locked.cardType,
                fiatPrice: money(offer.amountTo, offer.currencyTo),
              },
            },
          ]);
        },
      });
    },

    /**
     * POST /v2/card/card-requests/{id}/cancel: an unpaid order is dropped; a paid one not issued
     * yet is withdrawn from the issuer and refunded whole, once (the refund's key is the
     * request's). Issued: refused. Cancelled already: the same answer, nothing moves.
     */
    async cancel(input: {
      merchant: Merchant;
      customer: ConfirmPaymentInput["customer"];
      cp: CardProgram | undefined;
      id: string;
    }) {
      const { merchant } = input;
      const { customerId } = input.customer;
      const owner = { merchant, customerId };
      const program = await programs.requireProgram(merchant.id, input.cp);
      const r = await orders.ownRequest(owner, program, input.id);
      const refunded = (row: RequestRow) =>
        row.refundOperationId && row.paidAmount !== null && row.paidCurrency
          ? money(row.paidAmount, row.paidCurrency)
          : null;
      if (r.status === "ISSUED") throw cardOrderErrors.create("CARD_ALREADY_ISSUED", { field: "id" });
      if (r.status === "CANCELLED") return { result: "ok" as const, refunded: refunded(r) };
      const offer = r.paymentOfferId
        ? await offers.findOffer(merchant.id, customerId, r.paymentOfferId)
        : undefined;
      const paid = r.status === "PAID" && offer;
      const wallet = paid
        ? await deps.wallets.ensureWallet(merchant.id, customerId, offer.currencyFrom as CurrencyCode)
        : undefined;
      const at = deps.now();
      return inTransaction(deps.db, async (tx) => {
        await deps.auth.requireLiveSession(tx, input.customer);
        const locked = await lockRequestSql(tx, merchant.id, r.id);
        if (!locked) throw cardOrderErrors.create("CARD_REQUEST_NOT_FOUND", { field: "id" });
        if (locked.status === "ISSUED") throw cardOrderErrors.create("CARD_ALREADY_ISSUED", { field: "id" });
        if (locked.status === "CANCELLED") return { result: "ok" as const, refunded: refunded(locked) };
        if (locked.status === "OPEN") {
          await markCancelledSql(tx, merchant.id, r.id, null, at);
          return { result: "ok" as const, refunded: null };
        }
        // Paid since it was read (the refund was not prepared), or with another offer than read:
        // the customer's retry reads it anew.
        if (!offer || !wallet || locked.paymentOfferId !== offer.id) {
          throw cardOrderErrors.create("CARD_REQUEST_CHANGED", { field: "id" });
        }
        const back = await withdrawAndRefund(tx, locked, offer, wallet.id, at, null);
        if (!back) throw cardOrderErrors.create("CARD_ALREADY_ISSUED", { field: "id" });
        return { result: "ok" as const, refunded: back };
      });
    },

    /**
     * An operator fails a paid order the issuer has not issued (docs/backoffice.md "Stuck
     * payments"): the cancel's own withdrawal and refund, under its key and the order's lock, so
     * a cancel, a second fail or the issuer's late callback leave one refund or one card.
     */
    async failPaidOrder(merchantId: string, id: string, reason: string) {
      const r = await repository.findRequestById(merchantId, id);
      if (!r) return "NOT_FOUND" as const;
      const offer =
        r.status === "PAID" && r.paymentOfferId
          ? await offers.findOffer(merchantId, r.customerId, r.paymentOfferId)
          : undefined;
      if (!offer) return "ALREADY_FINAL" as const;
      const wallet = await deps.wallets.ensureWallet(
        merchantId,
        r.customerId,
        offer.currencyFrom as CurrencyCode,
      );
      return inTransaction(deps.db, async (tx) => {
        const locked = await lockRequestSql(tx, merchantId, id);
        if (locked?.status !== "PAID" || locked.paymentOfferId !== offer.id) return "ALREADY_FINAL" as const;
        const back = await withdrawAndRefund(tx, locked, offer, wallet.id, deps.now(), reason);
        return back ? ("REFUNDED" as const) : ("ISSUED" as const);
      });
    },
  };

  /**
   * A paid order, locked: the issuer gives it back before the money is (false when it has issued
   * the card meanwhile: nothing moves); then every leg reversed under the request's refund key,
   * the request CANCELLED with the refund's operation, and the customer's refund row. Answers
   * what was refunded.
   */
  async function withdrawAndRefund(
    tx: Tx,
    locked: RequestRow,
    offer: OfferRow,
    walletId: string,
    at: Date,
    failureReason: string | null,
  ) {
    if (locked.paidAmount === null || !locked.paidCurrency) {
      throw new Error(`card request ${locked.id} is paid without its amount`);
    }
    if (!(await deps.issuer.cancelOrder(tx, locked.id))) return null;
    const { merchantId, customerId } = locked;
    const outcome = await ledger.apply(tx, {
      merchantId,
      idempotencyKey: `card-request:${locked.id}:refund`,
      requestHash: `card-request-refund:${locked.id}`,
      kind: "card_order_refund",
      legs: cardOrderRefundLegs(offer, walletId),
      metadata: { customerId, cardRequestId: locked.id, offerId: offer.id },
      response: { refunded: money(locked.paidAmount, locked.paidCurrency) },
    });
    await markCancelledSql(tx, merchantId, locked.id, outcome.operationId, at);
    if (!outcome.replayed) {
      await deps.history.record(tx, [
        {
          merchantId,
          customerId,
          operationId: outcome.operationId,
          type: "CARD_ORDER_REFUND",
          direction: "IN",
          status: "COMPLETED",
          currency: locked.paidCurrency,
          amount: locked.paidAmount,
          fee: 0n,
          counterparty: null,
          details: {
            cardRequestId: locked.id,
            cardProgram: locked.program,
            cardType: locked.cardType,
            ...(failureReason ? { failureReason } : {}),
          },
        },
      ]);
    }
    return money(locked.paidAmount, locked.paidCurrency);
  }
}
