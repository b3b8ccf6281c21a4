import type { CurrencyCode } from "@kestrel/money";
import type { OfferKind } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";
import type { KycService } from "../kyc/index.ts";
import type { Merchant } from "../merchants/index.ts";
import type { RatesService } from "../rates/index.ts";
import { createExchangeLimits } from "./exchange-limits.ts";
import { expiryOf, OFFER_KIND_TABLE } from "./offer-kinds.ts";
import type { Pricer } from "./offer-terms.ts";
import { termsOf } from "./offer-terms.ts";
import { pricedOf, rowOf } from "./offer-views.ts";
import { legsOf } from "./quote-legs.ts";
import type { FixedAmount } from "./quote-pricing.ts";
import { quotesErrors } from "./quotes.errors.ts";
import {
  lockOfferSql,
  markExecutedSql,
  markPromoUsedSql,
  type OfferRow,
  type PricedOfferRow,
  type QuotesRepository,
  repriceOpenOfferSql,
  returnPromoSql,
  usePromoSql,
} from "./quotes.repository.ts";

type CardKind = Extract<OfferKind, "PAYIN_CARD" | "PAYOUT_CARD" | "CARD_PAYLOAD">;

/** The catalog operation (and KYC limits) a card kind is held to: its row of the kind table. */
function operationOf(kind: CardKind) {
  const operation = OFFER_KIND_TABLE[kind].operation;
  if (operation !== "PAYIN_CARD" && operation !== "PAYOUT_CARD" && operation !== "CARD_TOPUP_CRYPTO")
    throw new Error(`offer kind ${kind} has no card operation`);
  return operation;
}

/**
 * The quote engine for the other modules' kinds (card pay-in and payout): the same pairs table,
 * pricing, offers and legs as exchange, so there is one price path. The caller owns the money
 * path (its transaction, its ledger accounts); it reads and marks offers only through these.
 */
export function createKindOffers(deps: {
  repository: QuotesRepository;
  pricer: Pricer;
  kyc: Pick<KycService, "prepare" | "assertAllowed">;
  rates: RatesService;
  now: () => Date;
}) {
  const { repository, pricer } = deps;
  const limitsOf = (kind: CardKind) =>
    createExchangeLimits({ kyc: deps.kyc, rates: deps.rates, operationType: operationOf(kind) });

  async function price(
    merchant: Merchant,
    customerId: string,
    kind: CardKind,
    offerId: string,
    r: KindRequest,
  ) {
    const terms = await pricer.terms(merchant, customerId, kind, r.from, r.to);
    if (!terms || terms.locked) throw quotesErrors.create("PAIR_NOT_AVAILABLE", { field: "toCurrency" });
    const at = deps.now();
    const priced = pricer.price(merchant, terms, r.fixed, at);
    // Catalog (maintenance, disabled, the merchant's feature flag, KYC level) and limits first.
    await limitsOf(kind).assertAllowed({ merchant, customerId, currency: r.from, amount: priced.fromAmount });
    const expiresAt = expiryOf(kind, at);
    return { at, row: rowOf(priced, { merchantId: merchant.id, id: offerId, customerId, kind, expiresAt }) };
  }

  async function priceUpdate(
    merchant: Merchant,
    customerId: string,
    kind: CardKind,
    offerId: string,
    r: KindRequest,
  ): Promise<PricedUpdate> {
    const existing = await repository.findOffer(merchant.id, customerId, offerId);
    if (!existing || existing.kind !== kind)
      throw quotesErrors.create("OFFER_NOT_FOUND", { field: "offerId" });
    if (existing.status !== "open") refuse(existing.status);
    return price(merchant, customerId, kind, offerId, r);
  }

  return {
    /** The merchant's pairs of a kind with this customer's terms (free transactions left). */
    async pairs(merchant: Merchant, customerId: string, kind: CardKind) {
      const [rows, used] = await Promise.all([
        repository.listPairs(merchant.id, kind),
        repository.promoUsed(merchant.id, customerId, kind),
      ]);
      const offered = (c: string) => merchant.currencies.includes(c);
      return rows
        .filter((r) => offered(r.currencyFrom) && offered(r.currencyTo))
        .map((row) => termsOf(row, used.get(`${row.currencyFrom}_${row.currencyTo}`) ?? 0));
    },

    bid: (merchant: Merchant, from: CurrencyCode, to: CurrencyCode) =>
      deps.rates.quote(from, to, merchant.fxSpreadBps, deps.now()).bid,

    async create(merchant: Merchant, customerId: string, kind: CardKind, offerId: string, r: KindRequest) {
      const { at, row } = await price(merchant, customerId, kind, offerId, r);
      return repository.insertOffer(row, at);
    },

    /** Re-prices the customer's open offer of this kind (a lapsed one included). */
    async update(merchant: Merchant, customerId: string, kind: CardKind, offerId: string, r: KindRequest) {
      const { at, row } = await priceUpdate(merchant, customerId, kind, offerId, r);
      return (await repository.repriceOpenOffer(row, at)) ?? refuse("expired");
    },

    /**
     * A re-price in two steps, for a caller whose own rows decide whether the offer may still
     * change (a card payment that has started): priced here, outside any transaction, then
     * written by `applyUpdate` in the caller's transaction after it has locked the offer and
     * checked its rows.
     */
    priceUpdate,
    applyUpdate: async (tx: Tx, update: PricedUpdate) =>
      (await repriceOpenOfferSql(tx, update.row, update.at)) ?? refuse("expired"),

    async find(merchantId: string, customerId: string, kind: CardKind, offerId: string) {
      const offer = await repository.findOffer(merchantId, customerId, offerId);
      return offer?.kind === kind ? offer : undefined;
    },

    /** Refuses an offer that cannot be paid now (executed, failed, lapsed); marks a lapsed one. */
    async assertPayable(offer: OfferRow): Promise<void> {
      const at = deps.now();
      if (offer.status === "open" && offer.expiresAt <= at)
        await repository.markExpired(offer.merchantId, offer.id, at);
      assertPayableAt(offer, at);
    },

    /** Read before the payment's transaction; `consume(tx, reference)` in it records the usage. */
    prepareLimit: (merchant: Merchant, customerId: string, kind: CardKind, offer: OfferRow) =>
      limitsOf(kind).prepare({
        merchant,
        customerId,
        currency: offer.currencyFrom as CurrencyCode,
        amount: offer.amountFrom,
      }),

    /** Free transactions the offer's pair grants (read before the transaction, for usePromo). */
    async promoGranted(merchant: Merchant, customerId: string, offer: OfferRow): Promise<number> {
      if (!offer.promoApplied) return 0;
      const terms = await pricer.terms(
        merchant,
        customerId,
        offer.kind,
        offer.currencyFrom,
        offer.currencyTo,
      );
      return terms?.promoGranted ?? 0;
    },

    /** Uses the free transaction an offer was priced with; none left: the offer must be re-priced. */
    async usePromo(tx: Tx, offer: OfferRow, granted: number): Promise<void> {
      if (!offer.promoApplied) return;
      const key = {
        merchantId: offer.merchantId,
        customerId: offer.customerId,
        kind: offer.kind,
        from: offer.currencyFrom,
        to: offer.currencyTo,
      };
      if (!(await usePromoSql(tx, key, granted)))
        throw quotesErrors.create("OFFER_EXPIRED", { field: "offerId" });
      await markPromoUsedSql(tx, offer.merchantId, offer.id);
    },

    /**
     * Gives back the free transaction the offer used, when its payment failed and moved no money
     * (a declined pay-in, a rejected payout): the customer's next offer of the pair is free again.
     * Idempotent: a failure reported twice gives back once. Call it in the transaction that marks
     * the payment failed, after the limit usage is released (lock order: KYC row, then this row).
     */
    returnPromo: (tx: Tx, merchantId: string, offerId: string): Promise<boolean> =>
      returnPromoSql(tx, merchantId, offerId),

    lock: (tx: Tx, merchantId: string, customerId: string, offerId: string) =>
      lockOfferSql(tx, merchantId, customerId, offerId),
    /**
     * Locks the offer a payment was prepared from (its limits, legs and the amount sent out were
     * read before the transaction) and judges it again under the lock: still payable, and not
     * re-priced in between (that is refused, not half used). Writes nothing: a lapsed offer is
     * marked by the next read outside a transaction (another connection would wait for this lock).
     */
    async lockPayable(tx: Tx, read: OfferRow): Promise<OfferRow> {
      const locked = await lockOfferSql(tx, read.merchantId, read.customerId, read.id);
      if (!locked) throw quotesErrors.create("OFFER_NOT_FOUND", { field: "offerId" });
      assertPayableAt(locked, deps.now());
      assertUnchanged(locked, read);
      return locked;
    },
    markExecuted: (tx: Tx, merchantId: string, offerId: string, operationId: string) =>
      markExecutedSql(tx, merchantId, offerId, operationId, deps.now()),
    /** An outside party refused it (declined card, rejected payout): never paid again. */
    async markFailed(tx: Tx, merchantId: string, offerId: string) {
      await tx.query(
        `update quote_offers set status = 'failed', updated_at = now()
         where merchant_id = $1 and id = $2 and status = 'open'`,
        [merchantId, offerId],
      );
    },
    /** The offer's ledger legs at exactly its quoted amounts (docs/quotes.md "Ledger legs"). */
    legs: (offer: OfferRow) => legsOf(pricedOf(offer)),
  };
}

export type KindRequest = { from: CurrencyCode; to: CurrencyCode; fixed: FixedAmount };

function refuse(status: string): never {
  const code = status === "executed" ? "OFFER_ALREADY_EXECUTED" : "OFFER_EXPIRED";
  throw quotesErrors.create(code, { field: "offerId" });
}

function assertPayableAt(offer: OfferRow, at: Date) {
  if (offer.status === "executed") throw quotesErrors.create("OFFER_ALREADY_EXECUTED", { field: "offerId" });
  if (offer.status !== "open" || offer.expiresAt <= at)
    throw quotesErrors.create("OFFER_EXPIRED", { field: "offerId" });
}

/** An offer re-priced after it was read (and priced into a payment) is refused: OFFER_CHANGED. */
export function assertUnchanged(locked: OfferRow, read: OfferRow) {
  if (locked.updatedAt.getTime() !== read.updatedAt.getTime())
    throw quotesErrors.create("OFFER_CHANGED", { field: "offerId" });
}

/** A re-price computed outside the transaction that writes it. */
export type PricedUpdate = { at: Date; row: PricedOfferRow };

export type KindOffers = ReturnType<typeof createKindOffers>;
export type { OfferRow };
