import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import type { AcquiringService } from "../acquiring/index.ts";
import type { CardOrdersService } from "../card-orders/index.ts";
import type { CardsService } from "../cards/index.ts";
import type { CryptoService } from "../crypto/index.ts";
import type { CustomersService } from "../customers/index.ts";
import type { IbanService } from "../iban/index.ts";
import type { AuditService } from "../operators/index.ts";
import type { Actor } from "./backoffice.types.ts";
import { expectedMinutes, STUCK_KINDS, type StuckKind } from "./expected-times.ts";
import { stuckPaymentErrors } from "./stuck-payments.errors.ts";

/**
 * What an action came to, whatever the domain calls it: COMPLETED or FAILED (refunded or voided
 * where money was held), STILL_PENDING (the provider has no final word yet), ALREADY_FINAL (it
 * was settled before, by a callback or another operator: nothing moved now), NO_ANSWER (the
 * provider cannot be asked or does not know it).
 */
export type StuckOutcome = "COMPLETED" | "FAILED" | "STILL_PENDING" | "ALREADY_FINAL" | "NO_ANSWER";

export type StuckPayment = {
  kind: StuckKind;
  id: string;
  customerId: string;
  amount: string;
  currency: string;
  since: Date;
  providerReference: string | null;
};

/** How many of each kind one page reads: the oldest, which are the ones to act on. */
const PER_KIND = 200;

const decimal = (amount: bigint | null, currency: string | null) => {
  if (amount === null || !currency) return "0";
  try {
    return toDecimalString(amount, currency as CurrencyCode);
  } catch {
    return amount.toString();
  }
};

/**
 * Payments pending past their expected time (docs/backoffice.md "Stuck payments"): each domain
 * lists its own, and an operator's "ask again" or "fail" runs the domain's own use-case (its
 * provider's answer applied as a callback would be; its failure with the refund, once).
 */
export function createStuckPaymentsService(deps: {
  crypto: Pick<CryptoService, "withdrawals">;
  acquiring: Pick<AcquiringService, "events">;
  iban: Pick<IbanService, "stuckTransfers">;
  cardOrders: Pick<CardOrdersService, "paidNotIssuedBefore" | "failPaidOrder">;
  cards: Pick<CardsService, "askIssuerAgain">;
  customers: Pick<CustomersService, "displayNames">;
  audit: AuditService;
  now?: () => number;
}) {
  const { crypto, acquiring, iban, cardOrders, cards, audit } = deps;
  const now = deps.now ?? Date.now;
  const before = (kind: StuckKind) => new Date(now() - expectedMinutes(kind) * 60_000);

  const lists: Record<StuckKind, (merchantId: string) => Promise<StuckPayment[]>> = {
    SEND_TO_WALLET: async (merchantId) =>
      (await crypto.withdrawals.pendingBefore(merchantId, before("SEND_TO_WALLET"), PER_KIND)).map((w) => ({
        kind: "SEND_TO_WALLET",
        id: w.id,
        customerId: w.customerId,
        amount: decimal(w.amount, w.currency),
        currency: w.currency,
        since: w.createdAt,
        providerReference: w.txHash,
      })),
    PAYOUT_CARD: (merchantId) => cardPayments(merchantId, "PAYOUT_CARD"),
    PAYIN_CARD: (merchantId) => cardPayments(merchantId, "PAYIN_CARD"),
    IBAN_WITHDRAW: async (merchantId) =>
      (await iban.stuckTransfers.pendingBefore(merchantId, before("IBAN_WITHDRAW"), PER_KIND)).map((t) => ({
        kind: "IBAN_WITHDRAW",
        id: t.id,
        customerId: t.customerId,
        amount: decimal(t.amount, t.currency),
        currency: t.currency,
        since: t.createdAt,
        providerReference: t.railId,
      })),
    CARD_ORDER: async (merchantId) =>
      (await cardOrders.paidNotIssuedBefore(merchantId, before("CARD_ORDER"), PER_KIND)).map((r) => ({
        kind: "CARD_ORDER",
        id: r.id,
        customerId: r.customerId,
        amount: decimal(r.paidAmount, r.paidCurrency),
        currency: r.paidCurrency ?? "",
        since: r.updatedAt,
        // The issuer knows the order by our request id.
        providerReference: r.id,
      })),
  };

  /** A pay-in shows what the card pays; a payout what the card receives. */
  async function cardPayments(
    merchantId: string,
    kind: "PAYIN_CARD" | "PAYOUT_CARD",
  ): Promise<StuckPayment[]> {
    const rows = await acquiring.events.pendingBefore(merchantId, before(kind), PER_KIND);
    return rows
      .filter((p) => p.kind === kind)
      .map((p) => {
        const [amount, currency] =
          kind === "PAYIN_CARD" ? [p.amountFrom, p.currencyFrom] : [p.amountTo, p.currencyTo];
        return {
          kind,
          id: p.id,
          customerId: p.customerId,
          amount: decimal(amount, currency),
          currency: currency ?? "",
          since: p.updatedAt,
          providerReference: p.providerRef,
        };
      });
  }

  /** Each domain's answers, in the page's words; NOT_FOUND is another merchant's or no such id. */
  const outcomeOf = (effect: string): StuckOutcome | "NOT_FOUND" => {
    switch (effect) {
      case "NOT_FOUND":
        return "NOT_FOUND";
      case "COMPLETED":
      case "CREDITED":
      case "PAID":
      case "ISSUED":
        return "COMPLETED";
      case "FAILED":
      case "RETURNED":
      case "DECLINED":
      case "REJECTED":
      case "REFUNDED":
        return "FAILED";
      case "PENDING":
      case "AUTHORISED":
      case "DUPLICATE":
        return "STILL_PENDING";
      case "UNANSWERED":
      case "IGNORED":
        return "NO_ANSWER";
      default:
        return "ALREADY_FINAL";
    }
  };

  const askers: Record<StuckKind, (merchantId: string, id: string) => Promise<string>> = {
    SEND_TO_WALLET: crypto.withdrawals.askAgain,
    PAYOUT_CARD: (merchantId, id) => acquiring.events.askAgain(merchantId, "PAYOUT_CARD", id),
    PAYIN_CARD: (merchantId, id) => acquiring.events.askAgain(merchantId, "PAYIN_CARD", id),
    IBAN_WITHDRAW: iban.stuckTransfers.askAgain,
    CARD_ORDER: cards.askIssuerAgain,
  };
  const failers: Record<StuckKind, (merchantId: string, id: string, reason: string) => Promise<string>> = {
    SEND_TO_WALLET: crypto.withdrawals.fail,
    PAYOUT_CARD: (merchantId, id, reason) => acquiring.events.fail(merchantId, "PAYOUT_CARD", id, reason),
    PAYIN_CARD: (merchantId, id, reason) => acquiring.events.fail(merchantId, "PAYIN_CARD", id, reason),
    IBAN_WITHDRAW: iban.stuckTransfers.fail,
    // Issued meanwhile: the card exists and nothing was refunded, so it is final.
    CARD_ORDER: async (merchantId, id, reason) => {
      const effect = await cardOrders.failPaidOrder(merchantId, id, reason);
      return effect === "ISSUED" ? "ALREADY_FINAL" : effect;
    },
  };

  /**
   * One action and its audit entry. The domain's use-case owns its transaction (the refund and
   * the payment's new state commit together); the entry follows with what it came to.
   */
  async function act(who: Actor, action: "ask_again" | "fail", kind: StuckKind, id: string, reason: string) {
    const effect =
      action === "fail"
        ? await failers[kind](who.merchantId, id, reason)
        : await askers[kind](who.merchantId, id);
    const outcome = outcomeOf(effect);
    if (outcome === "NOT_FOUND") throw stuckPaymentErrors.create("PAYMENT_NOT_FOUND", { field: "id" });
    await audit.record(who.actor, {
      merchantId: who.merchantId,
      action: `payment.${action}`,
      targetType: kind,
      targetId: id,
      changes: { outcome, effect },
      reason,
    });
    return { kind, id, outcome };
  }

  return {
    /** Pending past their expected time, oldest first, each with its customer's name; one kind or all. */
    async list(merchantId: string, kinds: readonly StuckKind[] = STUCK_KINDS) {
      const found = (await Promise.all(kinds.map((k) => lists[k](merchantId)))).flat();
      const names = await deps.customers.displayNames(
        merchantId,
        found.map((p) => p.customerId),
      );
      return found
        .sort((a, b) => a.since.getTime() - b.since.getTime() || a.id.localeCompare(b.id))
        .map((p) => ({
          ...p,
          customerName: names.get(p.customerId) ?? null,
          since: p.since.toISOString(),
          expectedMinutes: expectedMinutes(p.kind),
        }));
    },
    askAgain: (who: Actor, kind: StuckKind, id: string, reason: string) =>
      act(who, "ask_again", kind, id, reason),
    fail: (who: Actor, kind: StuckKind, id: string, reason: string) => act(who, "fail", kind, id, reason),
  };
}

export type StuckPaymentsService = ReturnType<typeof createStuckPaymentsService>;
