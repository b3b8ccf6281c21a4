import { type CurrencyCode, parseAmount } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { inTransaction, type Tx } from "../../db/transaction.ts";
import { commonErrors } from "../../http/app-error.ts";
import { type AcquirerEvent, acquirerEventSchema } from "../../providers/acquirer/acquirer-callback.ts";
import type { AccountRef, LedgerService, Leg } from "../ledger/index.ts";
import type { OfferRow, QuoteLegAccount } from "../quotes/index.ts";
import { acquiringErrors } from "./acquiring.errors.ts";
import { lockPaymentSql, type PaymentRow, updatePaymentSql } from "./acquiring.repository.ts";
import { failPaymentSql, type PayinDeps } from "./payin.service.ts";
import { decimal } from "./saved-card-views.ts";

/** What a callback did: the web app never sees these; tests and logs do. */
export type CallbackEffect =
  | "AUTHORISED"
  | "CREDITED"
  | "DECLINED"
  | "PAID"
  | "REJECTED"
  | "DUPLICATE"
  | "STALE";

const PAYIN_EVENTS = new Set(["AUTHORISED", "CAPTURED", "DECLINED"]);

/**
 * The acquirer's signed callbacks (docs/payin-payout.md "Callbacks"). The route checked the HMAC
 * of the raw body (401, http/signed-webhook.ts); then, in this order: the body (400), the payment (404), the amount and currency against
 * the offer (422, nothing changes); then, under the payment's lock, an event at or below the last
 * one applied is a repeat or stale and a final payment takes nothing more (both 200, no change).
 */
export function createAcquirerEvents(deps: PayinDeps & { ledger: LedgerService }) {
  const { repository, offers, ledger } = deps;

  function parse(rawBody: string): AcquirerEvent {
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw commonErrors.create("NOT_VALID_REQUEST_DATA", { field: "body", message: "body: is not JSON" });
    }
    const parsed = acquirerEventSchema.safeParse(json);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? "body");
      throw commonErrors.create("NOT_VALID_REQUEST_DATA", { field, message: `${field}: is not valid` });
    }
    return parsed.data;
  }

  /**
   * The event must be about exactly what was priced: the card's amount and currency. And the offer
   * must still be what pay recorded: one re-priced after the payment started (a re-price racing
   * pay) is never booked, whatever the acquirer says.
   */
  function assertMatches(event: AcquirerEvent, payment: PaymentRow, offer: OfferRow) {
    const changed =
      payment.amountFrom !== null &&
      (payment.amountFrom !== offer.amountFrom ||
        payment.amountTo !== offer.amountTo ||
        payment.currencyFrom !== offer.currencyFrom ||
        payment.currencyTo !== offer.currencyTo);
    if (changed) {
      throw acquiringErrors.create("CALLBACK_MISMATCH", {
        field: "amount",
        message: "The payment's offer was re-priced after the payment started; nothing is booked.",
      });
    }
    const payin = payment.kind === "PAYIN_CARD";
    const [amount, currency] = payin
      ? [offer.amountFrom, offer.currencyFrom]
      : [offer.amountTo, offer.currencyTo];
    const given = parseAmount(event.amount, currency as CurrencyCode, { allowZero: false });
    const kindMatches = PAYIN_EVENTS.has(event.status) === payin;
    if (!kindMatches || event.currency !== currency || !given.ok || given.minor !== amount) {
      throw acquiringErrors.create("CALLBACK_MISMATCH", {
        field: event.currency !== currency ? "currency" : "amount",
        message: `The callback says ${event.amount} ${event.currency}; the payment is ${decimal(amount, currency)} ${currency}.`,
      });
    }
  }

  /** The pay-in's legs: the card side is the acquirer's clearing account, the crypto the wallet. */
  async function creditLegs(offer: OfferRow): Promise<Leg[]> {
    const [wallet] = await Promise.all([
      deps.wallets.ensureWallet(offer.merchantId, offer.customerId, offer.currencyTo as CurrencyCode),
      ledger.ensureHouseAccounts({ merchantId: offer.merchantId, currency: offer.currencyFrom }),
      ledger.ensureHouseAccounts({ merchantId: offer.merchantId, currency: offer.currencyTo }),
    ]);
    const account = (a: QuoteLegAccount): AccountRef =>
      "house" in a
        ? a
        : a.customerWallet === offer.currencyTo
          ? { accountId: wallet.id }
          : { house: "acquiring_clearing" };
    return offers.legs(offer).map((leg) => ({
      debit: account(leg.debit),
      credit: account(leg.credit),
      amount: leg.amount,
      currency: leg.currency,
    }));
  }

  /** A payout's reservation given back: one ledger key, whoever fails it (callback or operator). */
  async function voidPayout(tx: Tx, payment: PaymentRow) {
    await ledger.apply(tx, {
      merchantId: payment.merchantId,
      operationId: uuidv7(),
      idempotencyKey: `card-payment:${payment.id}:void`,
      requestHash: `card-payment:${payment.id}`,
      metadata: { customerId: payment.customerId, offerId: payment.offerId, paymentId: payment.id },
      kind: "payout_card_void",
      legs: (payment.pendingIds ?? []).map((pendingId) => ({ type: "void_pending" as const, pendingId })),
      response: { paymentId: payment.id },
    });
  }

  async function apply(tx: Tx, event: AcquirerEvent, payment: PaymentRow, offer: OfferRow, legs: Leg[]) {
    const seq = event.sequence;
    const key = (what: string) => ({
      merchantId: payment.merchantId,
      // The pay-in's credit is the payment's operation; a payout's post or void follows its
      // reservation (which has the payment's id) as an operation of its own.
      operationId: what === "credit" ? payment.id : uuidv7(),
      idempotencyKey: `card-payment:${payment.id}:${what}`,
      requestHash: `card-payment:${payment.id}`,
      metadata: { customerId: payment.customerId, offerId: offer.id, paymentId: payment.id },
    });
    switch (event.status) {
      case "AUTHORISED":
        await updatePaymentSql(tx, payment.merchantId, payment.id, { status: "PENDING", lastSequence: seq });
        return "AUTHORISED" as const;
      case "CAPTURED": {
        // Only now does money move: the crypto at exactly the offer's amounts, fees as legs.
        await ledger.apply(tx, {
          ...key("credit"),
          kind: "payin_card",
          legs,
          response: { paymentId: payment.id },
        });
        await offers.markExecuted(tx, payment.merchantId, offer.id, payment.id);
        await updatePaymentSql(tx, payment.merchantId, payment.id, { status: "SUCCESS", lastSequence: seq });
        await deps.history.update(tx, {
          merchantId: payment.merchantId,
          operationId: payment.id,
          status: "COMPLETED",
          details: {},
        });
        return "CREDITED" as const;
      }
      case "PAID": {
        const posts: Leg[] = (payment.pendingIds ?? []).map((pendingId) => ({
          type: "post_pending",
          pendingId,
        }));
        await ledger.apply(tx, {
          ...key("post"),
          kind: "payout_card_post",
          legs: posts,
          response: { paymentId: payment.id },
        });
        await updatePaymentSql(tx, payment.merchantId, payment.id, { status: "SUCCESS", lastSequence: seq });
        await deps.history.update(tx, {
          merchantId: payment.merchantId,
          operationId: payment.id,
          status: "COMPLETED",
          details: {},
        });
        return "PAID" as const;
      }
      case "REJECTED": {
        await voidPayout(tx, payment);
        await failPaymentSql(tx, deps, payment, event.reason ?? "The payout was rejected.", seq);
        return "REJECTED" as const;
      }
      default:
        await failPaymentSql(tx, deps, payment, event.reason ?? "The payment was declined.", seq);
        return "DECLINED" as const;
    }
  }

  return {
    /** An event whose signature the route has checked (its exact bytes). */
    receive: (rawBody: string): Promise<CallbackEffect> => applyEvent(parse(rawBody)),

    /** The merchant's card payments pending since before `before`, oldest first (stuck payments). */
    pendingBefore: (merchantId: string, before: Date, limit: number) =>
      repository.pendingBefore(merchantId, before, limit),

    /**
     * An operator asks the acquirer again: its answer is applied as its callback would be (a
     * captured pay-in is credited, a paid payout posted, a declined or rejected one failed).
     * UNANSWERED: the acquirer has no lookup, never saw the payment, or has nothing final yet.
     */
    async askAgain(
      merchantId: string,
      kind: PaymentRow["kind"],
      id: string,
    ): Promise<CallbackEffect | "NOT_FOUND" | "UNANSWERED"> {
      const payment = await repository.paymentOf(merchantId, id);
      if (payment?.kind !== kind) return "NOT_FOUND";
      if (payment.status === "SUCCESS" || payment.status === "FAILED") return "STALE";
      const event = payment.providerRef ? await deps.acquirer.paymentStatus?.(payment.providerRef) : null;
      return event ? applyEvent(event) : "UNANSWERED";
    },

    /**
     * An operator fails a stuck payment with a reason: the callbacks' own failure, judged on the
     * locked row, so it runs once whatever races it. A payout's reservation is voided under the
     * REJECTED callback's ledger key; a pay-in had moved nothing.
     */
    async fail(
      merchantId: string,
      kind: PaymentRow["kind"],
      id: string,
      reason: string,
    ): Promise<CallbackEffect | "NOT_FOUND"> {
      return inTransaction(deps.db, async (tx) => {
        const current = await lockPaymentSql(tx, merchantId, id);
        if (current?.kind !== kind) return "NOT_FOUND" as const;
        if (current.status === "SUCCESS" || current.status === "FAILED" || current.status === "OFFERED") {
          return "STALE" as const;
        }
        if (current.kind === "PAYIN_CARD") {
          await failPaymentSql(tx, deps, current, reason);
          return "DECLINED" as const;
        }
        await voidPayout(tx, current);
        await failPaymentSql(tx, deps, current, reason);
        return "REJECTED" as const;
      });
    },
  };

  async function applyEvent(event: AcquirerEvent): Promise<CallbackEffect> {
    const payment = await repository.findForCallback(event.reference, event.paymentId);
    const offer =
      payment && (await offers.find(payment.merchantId, payment.customerId, payment.kind, payment.offerId));
    if (!payment || !offer) throw acquiringErrors.create("PAYMENT_NOT_FOUND", { field: "reference" });
    assertMatches(event, payment, offer);
    const legs = event.status === "CAPTURED" ? await creditLegs(offer) : [];
    const effect = await inTransaction(deps.db, async (tx) => {
      const current = await lockPaymentSql(tx, payment.merchantId, payment.id);
      if (!current) throw acquiringErrors.create("PAYMENT_NOT_FOUND", { field: "reference" });
      if (event.sequence <= current.lastSequence) return "DUPLICATE" as const;
      if (current.status === "SUCCESS" || current.status === "FAILED" || current.status === "OFFERED") {
        return "STALE" as const;
      }
      await tx.query(
        "update card_payments set provider_ref = coalesce(provider_ref, $3) where merchant_id = $1 and id = $2",
        [payment.merchantId, payment.id, event.paymentId],
      );
      return apply(tx, event, current, offer, legs);
    });
    // Authorised: ask for the capture (after the commit, never inside a transaction).
    if (effect === "AUTHORISED") await deps.acquirer.capture({ paymentId: event.paymentId });
    return effect;
  }
}
