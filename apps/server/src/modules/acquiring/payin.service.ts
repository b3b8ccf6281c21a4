import { v7 as uuidv7 } from "uuid";
import { createMoneyFrame, Settled } from "../../app/money-use-case.ts";
import type { ClientSource } from "../../db/transaction.ts";
import { inTransaction, type Tx } from "../../db/transaction.ts";
import type { AcquirerProvider, BrowserInfo } from "../../providers/acquirer/acquirer-provider.ts";
import type { AuthService, VerifiedClaims } from "../auth/index.ts";
import type { HistoryService } from "../history/index.ts";
import type { KycService } from "../kyc/index.ts";
import type { Merchant } from "../merchants/index.ts";
import { type KindOffers, type KindRequest, type OfferRow, quotesErrors } from "../quotes/index.ts";
import type { WalletsService } from "../wallets/index.ts";
import { acquiringErrors } from "./acquiring.errors.ts";
import {
  type AcquiringRepository,
  type CardRow,
  lockPaymentSql,
  type PaymentRow,
  updatePaymentSql,
} from "./acquiring.repository.ts";
import { createCardData } from "./card-data.ts";
import { parseCardOffer } from "./card-input.ts";
import { amountsOf, decimal, offerView, pendingHistoryEntry } from "./saved-card-views.ts";
import type { CardsService } from "./saved-cards.service.ts";

type Customer = Pick<VerifiedClaims, "customerId" | "merchantId" | "sessionId">;

export type PayinDeps = {
  db: ClientSource;
  repository: AcquiringRepository;
  cards: CardsService;
  offers: KindOffers;
  acquirer: AcquirerProvider;
  auth: Pick<AuthService, "requireLiveSession">;
  history: Pick<HistoryService, "record" | "update">;
  wallets: Pick<WalletsService, "ensureWallet">;
  kyc: Pick<KycService, "release" | "listLimits">;
  now: () => Date;
};

const statusOf = (s: PaymentRow["status"]): "SUCCESS" | "FAILURE" | "CHALLENGE" | "PENDING" =>
  s === "SUCCESS" ? "SUCCESS" : s === "FAILED" ? "FAILURE" : s === "CHALLENGE" ? "CHALLENGE" : "PENDING";

/**
 * Card pay-in (docs/payin-payout.md): an offer priced by the quote engine with a saved card,
 * paid through the acquirer's 3-D Secure; the crypto is credited only when the acquirer's signed
 * callback confirms the capture (acquirer-events.service.ts). Nothing moves before that.
 */
export function createPayinService(deps: PayinDeps) {
  const { repository, offers } = deps;
  const frame = createMoneyFrame(deps);
  const cardData = createCardData(deps);

  async function paymentOf(merchant: Merchant, customerId: string, offerId: string) {
    const payment = await repository.findByOffer(merchant.id, customerId, offerId);
    const offer = payment && (await offers.find(merchant.id, customerId, "PAYIN_CARD", offerId));
    if (!payment || !offer) throw quotesErrors.create("OFFER_NOT_FOUND", { field: "offerId" });
    return { payment, offer };
  }

  function payView(offer: OfferRow, card: CardRow, payment: PaymentRow) {
    return {
      offerId: offer.id,
      operationId: payment.id,
      authLink: payment.status === "CHALLENGE" ? payment.authLink : null,
      transactionStatus: statusOf(payment.status),
      reason: payment.reason,
      paymentMode: "debit" as const,
      maskedPan: card.maskedPan,
      transactionDate: payment.updatedAt.toISOString(),
      transactionAmount: decimal(offer.amountFrom, offer.currencyFrom),
      currency: offer.currencyFrom,
      cardCountryCode: card.countryCode,
      cardCountryName: card.countryName,
      cardBankName: card.bankName,
    };
  }

  return {
    /** GET /v3/payin/data: saved cards, pairs with their fees and bounds, limits, first purchase. */
    data: (merchant: Merchant, customerId: string) => cardData(merchant, customerId, "PAYIN_CARD"),

    async createOffer(
      merchant: Merchant,
      customerId: string,
      body: { cardId: string; fromCurrency: string; toCurrency: string; amount: string },
    ) {
      const card = await deps.cards.requireCard(merchant, customerId, "PAYIN", body.cardId);
      const request = parseCardOffer(merchant, body);
      const offer = await offers.create(merchant, customerId, "PAYIN_CARD", uuidv7(), request);
      await repository.upsertOffered({
        merchantId: merchant.id,
        id: uuidv7(),
        customerId,
        kind: "PAYIN_CARD",
        offerId: offer.id,
        cardId: card.id,
      });
      return offerView(offer, card.id, true);
    },

    async updateOffer(
      merchant: Merchant,
      customerId: string,
      offerId: string,
      body: { fromCurrency: string; toCurrency: string; amount: string },
    ) {
      const { payment } = await paymentOf(merchant, customerId, offerId);
      assertNotStarted(payment);
      const request = parseCardOffer(merchant, body);
      const offer = await repriceUnstarted(deps, offers, payment, "PAYIN_CARD", merchant, request);
      return offerView(offer, payment.cardId, true);
    },

    /**
     * POST /v3/payin/pay/{offerId}: the limits are taken and the payment marked as sent in one
     * transaction, then the acquirer is asked (never inside a transaction). A second call for the
     * same offer answers the payment's state: it never charges twice. `origin` is where the bank
     * sends the customer back (merchants' `customerFacingOrigin`: the host they pay from).
     */
    async pay(
      merchant: Merchant,
      customer: Customer,
      offerId: string,
      body: { cardCVV: string; successUrl?: string | undefined; fingerprint: BrowserInfo },
      origin: string,
    ) {
      const { customerId } = customer;
      const { payment, offer } = await paymentOf(merchant, customerId, offerId);
      const card = await deps.cards.requireCard(merchant, customerId, "PAYIN", payment.cardId);
      if (payment.status !== "OFFERED") return payView(offer, card, payment);
      await offers.assertPayable(offer);
      deps.cards.assertBillingAddress(card);
      const started = await frame({
        session: customer,
        ...startedPayment(deps, { merchant, customerId, payment, offer, card }),
        prepare: async () => {
          const [wallet, limit, promo] = await Promise.all([
            deps.wallets.ensureWallet(merchant.id, customerId, offer.currencyTo as never),
            offers.prepareLimit(merchant, customerId, "PAYIN_CARD", offer),
            offers.promoGranted(merchant, customerId, offer),
          ]);
          return { wallet, limit, promo };
        },
        // Nothing moves yet: the payment is marked as sent; the acquirer's callback moves the money.
        move: async (tx, { promo }) => {
          await offers.usePromo(tx, offer, promo);
          await updatePaymentSql(tx, merchant.id, payment.id, {
            status: "AUTHORISING",
            amounts: amountsOf(offer),
          });
          return true;
        },
      });
      if (started) await authorise(offer, card, payment, body, origin);
      const after = await repository.findByOffer(merchant.id, customerId, offerId);
      return payView(offer, card, after ?? payment);
    },

    /** GET /v3/payin/pay-callback: where the payment stands (the web app polls it). */
    async status(merchant: Merchant, customerId: string, offerId: string) {
      const { payment, offer } = await paymentOf(merchant, customerId, offerId);
      const card = await deps.cards.requireCard(merchant, customerId, "PAYIN", payment.cardId);
      return {
        offerId: offer.id,
        operationId: payment.id,
        status: statusOf(payment.status),
        reason: payment.reason,
        amount: decimal(offer.amountFrom, offer.currencyFrom),
        currency: offer.currencyFrom,
        cryptoAmount: decimal(offer.amountTo, offer.currencyTo),
        cryptoCurrency: offer.currencyTo,
        maskedPan: card.maskedPan,
        paymentMode: "debit" as const,
        transactionDate: payment.updatedAt.toISOString(),
      };
    },
  };

  /** Asks the acquirer; a decline (or no answer) fails the payment at once, nothing having moved. */
  async function authorise(
    offer: OfferRow,
    card: CardRow,
    payment: PaymentRow,
    body: { cardCVV: string; successUrl?: string | undefined; fingerprint: BrowserInfo },
    origin: string,
  ) {
    // Back to the host the customer pays from: their session's cookie lives there.
    const back = new URL(body.successUrl ?? "/top-up/card", origin);
    back.searchParams.set("offerId", offer.id);
    let result: Awaited<ReturnType<AcquirerProvider["authorise"]>>;
    try {
      result = await deps.acquirer.authorise({
        token: card.acquirerToken,
        cvv: body.cardCVV,
        amount: offer.amountFrom,
        currency: offer.currencyFrom,
        reference: payment.id,
        returnUrl: back.toString(),
        browser: body.fingerprint,
      });
    } catch {
      await failPayment(
        deps,
        payment,
        offer,
        "The card payment service did not answer. Nothing was charged.",
      );
      throw acquiringErrors.create("ACQUIRER_UNAVAILABLE");
    }
    if (result.outcome === "DECLINED") {
      await deps.repository.recordAuthorisation(payment.merchantId, payment.id, {
        providerRef: result.paymentId,
        authLink: null,
        status: "AUTHORISING",
      });
      await failPayment(deps, payment, offer, result.reason);
      return;
    }
    await deps.repository.recordAuthorisation(payment.merchantId, payment.id, {
      providerRef: result.paymentId,
      authLink: result.outcome === "CHALLENGE" ? result.authLink : null,
      status: result.outcome === "CHALLENGE" ? "CHALLENGE" : "PENDING",
    });
  }
}

/**
 * An offer is re-priced only while its payment has not started. Once pay has sent it to the
 * acquirer (or reserved a payout's money) the callbacks check and book the offer's amounts, so a
 * new price then would credit or pay out what was never charged (409, whatever the outcome since).
 */
/**
 * What starting a card payment (pay-in or payout) does the same way in the money frame: the offer
 * and then the payment locked (started meanwhile by another call: that call's to finish, nothing
 * to do here), the limit recorded under the payment's id, and the customer's PENDING history row.
 */
export function startedPayment(
  deps: Pick<PayinDeps, "offers" | "history">,
  p: { merchant: Merchant; customerId: string; payment: PaymentRow; offer: OfferRow; card: CardRow },
) {
  const { merchant, payment, offer } = p;
  return {
    lock: async (tx: Tx) => {
      await deps.offers.lockPayable(tx, offer);
      const current = await lockPaymentSql(tx, merchant.id, payment.id);
      if (current?.status !== "OFFERED") return new Settled(false);
    },
    limit: <L>(prepared: { limit: L }) => ({ limit: prepared.limit, reference: payment.id }),
    record: (tx: Tx, prepared: { wallet: { id: string } }) =>
      deps.history.record(tx, [
        pendingHistoryEntry({
          merchantId: merchant.id,
          customerId: p.customerId,
          paymentId: payment.id,
          offer,
          card: p.card,
          walletId: prepared.wallet.id,
        }),
      ]),
  };
}

export function assertNotStarted(payment: PaymentRow | undefined) {
  if (payment?.status !== "OFFERED") throw acquiringErrors.create("PAYMENT_STARTED", { field: "offerId" });
}

/**
 * Re-prices a card payment's offer in one transaction with the check that its payment has not
 * started: pay marks the payment started under the same two locks (offer, then payment). A
 * re-price that commits before pay locks the offer is the price pay uses (or, if pay had read the
 * old one, pay refuses OFFER_CHANGED); one that waits for pay's locks is refused PAYMENT_STARTED.
 */
export async function repriceUnstarted(
  deps: Pick<PayinDeps, "db">,
  offers: KindOffers,
  payment: PaymentRow,
  kind: "PAYIN_CARD" | "PAYOUT_CARD",
  merchant: Merchant,
  request: KindRequest,
) {
  const update = await offers.priceUpdate(merchant, payment.customerId, kind, payment.offerId, request);
  return inTransaction(deps.db, async (tx) => {
    if (!(await offers.lock(tx, merchant.id, payment.customerId, payment.offerId)))
      throw quotesErrors.create("OFFER_NOT_FOUND", { field: "offerId" });
    assertNotStarted(await lockPaymentSql(tx, merchant.id, payment.id));
    return offers.applyUpdate(tx, update);
  });
}

/**
 * A card payment that will not go through: the payment FAILED with the reason, its offer failed
 * (never paid again), the history row FAILED, the limit usage released and the free transaction
 * given back. For a pay-in nothing had moved; a payout's reservation is voided by the caller in
 * the same transaction.
 */
export async function failPaymentSql(
  tx: Tx,
  deps: Pick<PayinDeps, "offers" | "history" | "kyc">,
  payment: PaymentRow,
  reason: string,
  sequence?: number,
) {
  await updatePaymentSql(tx, payment.merchantId, payment.id, {
    status: "FAILED",
    reason,
    ...(sequence === undefined ? {} : { lastSequence: sequence }),
  });
  await deps.offers.markFailed(tx, payment.merchantId, payment.offerId);
  await deps.history.update(tx, {
    merchantId: payment.merchantId,
    operationId: payment.id,
    status: "FAILED",
    details: { failureReason: reason },
  });
  await deps.kyc.release(tx, { merchantId: payment.merchantId, reference: payment.id });
  // No money moved in the end (a pay-in was never captured, a payout's reservation is voided),
  // so the free transaction pay used is the customer's again. Once, however often this runs.
  await deps.offers.returnPromo(tx, payment.merchantId, payment.offerId);
}

async function failPayment(deps: PayinDeps, payment: PaymentRow, _offer: OfferRow, reason: string) {
  await inTransaction(deps.db, async (tx) => {
    const current = await lockPaymentSql(tx, payment.merchantId, payment.id);
    if (!current || current.status === "SUCCESS" || current.status === "FAILED") return;
    await failPaymentSql(tx, deps, current, reason);
  });
}
