import type { CurrencyCode } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { createMoneyFrame } from "../../app/money-use-case.ts";
import type { VerifiedClaims } from "../auth/index.ts";
import type { AccountRef, LedgerService, TransferLeg } from "../ledger/index.ts";
import type { Merchant } from "../merchants/index.ts";
import { type OfferRow, type QuoteLegAccount, quotesErrors } from "../quotes/index.ts";
import { acquiringErrors } from "./acquiring.errors.ts";
import { type CardRow, type PaymentRow, updatePaymentSql } from "./acquiring.repository.ts";
import { createCardData } from "./card-data.ts";
import { parseCardOffer } from "./card-input.ts";
import { assertNotStarted, type PayinDeps, repriceUnstarted, startedPayment } from "./payin.service.ts";
import { amountsOf, decimal, offerView } from "./saved-card-views.ts";

/** How long a payout's reservation waits for the rail before the expiry job releases it. */
const PAYOUT_RESERVATION_SECONDS = 7 * 24 * 3600;

type Customer = Pick<VerifiedClaims, "customerId" | "merchantId" | "sessionId">;

const statusOf = (s: PaymentRow["status"]) =>
  s === "SUCCESS" ? ("SUCCESS" as const) : s === "FAILED" ? ("FAILURE" as const) : ("PENDING" as const);

/**
 * Card payout (docs/payin-payout.md): two-phase money. Pay reserves the offer's legs (the crypto
 * and fees out of the wallet, the fiat towards payout clearing) in one transaction; the payout
 * rail's signed callback posts them (PAID) or voids them (REJECTED).
 */
export function createPayoutService(deps: PayinDeps & { ledger: LedgerService }) {
  const { repository, offers, ledger } = deps;
  const cardData = createCardData(deps);
  const frame = createMoneyFrame(deps);

  async function paymentOf(merchant: Merchant, customerId: string, offerId: string) {
    const payment = await repository.findByOffer(merchant.id, customerId, offerId);
    const offer = payment && (await offers.find(merchant.id, customerId, "PAYOUT_CARD", offerId));
    if (!payment || !offer) throw quotesErrors.create("OFFER_NOT_FOUND", { field: "offerId" });
    return { payment, offer };
  }

  async function available(merchant: Merchant, customerId: string, currency: string) {
    const accounts = await ledger.listCustomerAccounts({
      merchantId: merchant.id,
      ownerId: customerId,
      kind: "customer_wallet",
    });
    return accounts.find((a) => a.currency === currency)?.available ?? 0n;
  }

  /**
   * Orders the reserved payout from the rail. A rail that fails to answer may still have taken
   * the order, so the money stays reserved and the payout PENDING (never voided on a guess, never
   * a 500): the rail's callback settles it, or, past its expected time, the back-office's stuck
   * payments asks the rail by reference and settles or fails it once (docs/payin-payout.md).
   * The failed call is counted by the provider's health (the status strip).
   */
  async function orderPayout(merchant: Merchant, payment: PaymentRow, offer: OfferRow, card: CardRow) {
    let paymentId: string;
    try {
      ({ paymentId } = await deps.acquirer.payout({
        token: card.acquirerToken,
        amount: offer.amountTo,
        currency: offer.currencyTo,
        reference: payment.id,
      }));
    } catch {
      return;
    }
    await repository.recordAuthorisation(merchant.id, payment.id, {
      providerRef: paymentId,
      authLink: null,
      status: "PENDING",
    });
  }

  function payView(offer: OfferRow, card: CardRow, payment: PaymentRow) {
    return {
      offerId: offer.id,
      operationId: payment.id,
      status: statusOf(payment.status),
      reason: payment.reason,
      amountFrom: decimal(offer.amountFrom, offer.currencyFrom),
      currencyFrom: offer.currencyFrom,
      amountTo: decimal(offer.amountTo, offer.currencyTo),
      currencyTo: offer.currencyTo,
      maskedPan: card.maskedPan,
    };
  }

  return {
    data: (merchant: Merchant, customerId: string) => cardData(merchant, customerId, "PAYOUT_CARD"),

    async createOffer(
      merchant: Merchant,
      customerId: string,
      body: { cardId: string; fromCurrency: string; toCurrency: string; amount: string },
    ) {
      const card = await deps.cards.requireCard(merchant, customerId, "PAYOUT", body.cardId);
      const offer = await offers.create(
        merchant,
        customerId,
        "PAYOUT_CARD",
        uuidv7(),
        parseCardOffer(merchant, body),
      );
      await repository.upsertOffered({
        merchantId: merchant.id,
        id: uuidv7(),
        customerId,
        kind: "PAYOUT_CARD",
        offerId: offer.id,
        cardId: card.id,
      });
      const enough = (await available(merchant, customerId, offer.currencyFrom)) >= offer.amountFrom;
      return offerView(offer, card.id, enough);
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
      const offer = await repriceUnstarted(deps, offers, payment, "PAYOUT_CARD", merchant, request);
      const enough = (await available(merchant, customerId, offer.currencyFrom)) >= offer.amountFrom;
      return offerView(offer, payment.cardId, enough);
    },

    /** POST /v4/payout/pay/{offerId}: reserves the money, then orders the payout from the rail. */
    async pay(merchant: Merchant, customer: Customer, offerId: string) {
      const { customerId } = customer;
      const { payment, offer } = await paymentOf(merchant, customerId, offerId);
      const card = await deps.cards.requireCard(merchant, customerId, "PAYOUT", payment.cardId);
      if (payment.status !== "OFFERED") return payView(offer, card, payment);
      await offers.assertPayable(offer);
      const reserved = { ...payment, status: "PENDING" as const };
      const started = await frame({
        session: customer,
        ...startedPayment(deps, { merchant, customerId, payment, offer, card }),
        insufficientFunds: () => acquiringErrors.create("INSUFFICIENT_FUNDS", { field: "amount" }),
        prepare: async () => {
          const from = offer.currencyFrom as CurrencyCode;
          const [wallet, limit, promo] = await Promise.all([
            deps.wallets.ensureWallet(merchant.id, customerId, from),
            offers.prepareLimit(merchant, customerId, "PAYOUT_CARD", offer),
            offers.promoGranted(merchant, customerId, offer),
            ledger.ensureHouseAccounts({ merchantId: merchant.id, currency: offer.currencyFrom }),
            ledger.ensureHouseAccounts({ merchantId: merchant.id, currency: offer.currencyTo }),
          ]);
          // The wallet side is the customer's; the card side (fiat out) goes to payout clearing.
          const account = (a: QuoteLegAccount): AccountRef =>
            "house" in a
              ? a
              : a.customerWallet === from
                ? { accountId: wallet.id }
                : { house: "payout_clearing" };
          const legs: TransferLeg[] = offers.legs(offer).map((leg) => ({
            id: uuidv7(),
            debit: account(leg.debit),
            credit: account(leg.credit),
            amount: leg.amount,
            currency: leg.currency,
            pending: { timeoutSeconds: PAYOUT_RESERVATION_SECONDS },
          }));
          return { wallet, limit, promo, legs, pendingIds: legs.map((l) => l.id as string) };
        },
        move: async (tx, { promo, legs, pendingIds }) => {
          await offers.usePromo(tx, offer, promo);
          await ledger.apply(tx, {
            merchantId: merchant.id,
            operationId: payment.id,
            idempotencyKey: `card-payout:${payment.id}:reserve`,
            requestHash: `card-payout:${offer.id}`,
            kind: "payout_card_reserve",
            legs,
            metadata: { customerId, offerId: offer.id, paymentId: payment.id },
            response: payView(offer, card, reserved),
          });
          await offers.markExecuted(tx, merchant.id, offer.id, payment.id);
          await updatePaymentSql(tx, merchant.id, payment.id, {
            status: "PENDING",
            pendingIds,
            amounts: amountsOf(offer),
          });
          return true;
        },
      });
      // The order to the rail, after the commit: its answer comes by signed callback.
      if (started) await orderPayout(merchant, payment, offer, card);
      const after = await repository.findByOffer(merchant.id, customerId, offerId);
      return payView(offer, card, after ?? reserved);
    },
  };
}
