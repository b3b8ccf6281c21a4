import { type CurrencyCode, getCurrency, roundToDisplay, toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import type { OfferKind } from "../../db/schema/index.ts";
import type { ClientSource } from "../../db/transaction.ts";
import { AppError } from "../../http/app-error.ts";
import type { AuthService } from "../auth/index.ts";
import type { HistoryService } from "../history/index.ts";
import type { KycService } from "../kyc/index.ts";
import type { LedgerService } from "../ledger/index.ts";
import type { Merchant } from "../merchants/index.ts";
import { type RatesService, rateToString } from "../rates/index.ts";
import type { WalletsService } from "../wallets/index.ts";
import { createCardOrderOffers } from "./card-order-offers.ts";
import { createExchangeExecution } from "./exchange-execute.service.ts";
import { createExchangeLimits } from "./exchange-limits.ts";
import { createKindOffers } from "./kind-offers.ts";
import { type OfferRequest, parseOfferRequest } from "./offer-input.ts";
import { expiryOf } from "./offer-kinds.ts";
import { createPricer, termsOf } from "./offer-terms.ts";
import { offerView, RATE_DECIMALS, rowOf } from "./offer-views.ts";
import { quotesErrors } from "./quotes.errors.ts";
import { createQuotesRepository, pairFeesSql, setPairFeesSql } from "./quotes.repository.ts";
import type { ExchangePair, OfferResponse } from "./quotes.schemas.ts";

/** The offers this service prices itself: an exchange, into a wallet or into an IBAN (the card kinds go through kind-offers.ts and card-order-offers.ts). */
type ExchangeKind = Extract<OfferKind, "EXCHANGE" | "EXCHANGE_IBAN">;

/**
 * The quote engine's use-cases for exchange (docs/quotes.md): list the pairs, create an offer,
 * re-price it (update), execute it once. `now` is the engine's clock (tests move it).
 */
export function createQuotesService(deps: {
  db: ClientSource;
  auth: Pick<AuthService, "requireLiveSession">;
  ledger: LedgerService;
  wallets: Pick<WalletsService, "ensureWallet">;
  history: Pick<HistoryService, "record">;
  kyc: Pick<KycService, "prepare" | "assertAllowed">;
  rates: RatesService;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const repository = createQuotesRepository({ db: deps.db });
  const pricer = createPricer({ rates: deps.rates, repository });
  const limits = createExchangeLimits({ kyc: deps.kyc, rates: deps.rates });
  const execution = createExchangeExecution({ ...deps, repository, pricer, limits, now });

  /** Prices what the customer asked against the pair's terms now; the offer's row to store. */
  async function priceOffer(
    merchant: Merchant,
    customerId: string,
    offerId: string,
    body: OfferRequest,
    kind: ExchangeKind,
  ) {
    const { from, to, fixed } = parseOfferRequest(merchant, body);
    const terms = await pricer.terms(merchant, customerId, kind, from, to);
    if (!terms || terms.locked) throw quotesErrors.create("PAIR_NOT_AVAILABLE", { field: "currencyTo" });
    const at = now();
    const priced = pricer.price(merchant, terms, fixed, at);
    // The catalog (maintenance, KYC level) and the limits, on the customer's stored KYC state: a
    // price is only given for an exchange the customer may make.
    await limits.assertAllowed({ merchant, customerId, currency: from, amount: priced.fromAmount, kind });
    const expiresAt = expiryOf(kind, at);
    return {
      at,
      row: rowOf(priced, { merchantId: merchant.id, id: offerId, customerId, kind, expiresAt }),
    };
  }

  return {
    /** Every pair's fees, for merchant-config's "fees" section (read and set in its transaction). */
    feesIn: pairFeesSql,
    setFees: setPairFeesSql,

    /** GET /v2/exchange/currencies: the merchant's pairs for this customer, with what they deliver. */
    async listPairs(merchant: Merchant, customerId: string, coinPairs?: string[]): Promise<ExchangePair[]> {
      const [rows, used, accounts] = await Promise.all([
        repository.listPairs(merchant.id, "EXCHANGE"),
        repository.promoUsed(merchant.id, customerId, "EXCHANGE"),
        deps.ledger.listCustomerAccounts({
          merchantId: merchant.id,
          ownerId: customerId,
          kind: "customer_wallet",
        }),
      ]);
      const at = now();
      const offered = (c: string) => merchant.currencies.includes(c);
      return rows
        .filter((r) => offered(r.currencyFrom) && offered(r.currencyTo))
        .filter((r) => !coinPairs?.length || coinPairs.includes(`${r.currencyFrom}_${r.currencyTo}`))
        .map((row) => {
          const terms = termsOf(row, used.get(`${row.currencyFrom}_${row.currencyTo}`) ?? 0);
          const { from, to } = terms;
          // What an amount delivers, fees taken; "0" where it delivers nothing (fees eat it).
          const delivers = (amount: bigint) => {
            try {
              return pricer.price(merchant, terms, { side: "from", amount }, at).toAmount;
            } catch (err) {
              if (err instanceof AppError) return 0n;
              throw err;
            }
          };
          const available = accounts.find((a) => a.currency === from)?.available ?? 0n;
          // Rounded down to the shown decimals: the quote rounds what is paid up, so a finer
          // balance (an 18-decimal deposit) would price above itself (docs/quotes.md).
          const within = available < terms.maxFrom ? available : terms.maxFrom;
          const all = roundToDisplay(within, from, "down");
          const bid = deps.rates.quote(from, to, merchant.fxSpreadBps, at).bid;
          return {
            currencyFrom: from,
            currencyTo: to,
            rate: rateToString(bid, RATE_DECIMALS),
            rateScale: RATE_DECIMALS,
            minAmountFrom: toDecimalString(terms.minFrom, from),
            maxAmountFrom: toDecimalString(terms.maxFrom, from),
            minAmountTo: toDecimalString(delivers(terms.minFrom), to),
            maxAmountTo: toDecimalString(delivers(terms.maxFrom), to),
            allAmountFrom: toDecimalString(all > 0n ? all : 0n, from),
            amountScaleFrom: scaleOf(from),
            amountScaleTo: scaleOf(to),
            lock: terms.locked,
          };
        });
    },

    /**
     * POST /v1/mobile/exchange/offer: a new offer, open for 20 seconds. `kind` EXCHANGE_IBAN prices
     * an exchange into an IBAN's balance (its own pairs and catalog switch; docs/iban.md).
     */
    async createOffer(
      merchant: Merchant,
      customerId: string,
      body: OfferRequest,
      kind: ExchangeKind = "EXCHANGE",
    ): Promise<OfferResponse> {
      const { at, row } = await priceOffer(merchant, customerId, uuidv7(), body, kind);
      return offerView(await repository.insertOffer(row, at));
    },

    /**
     * PUT /v1/mobile/exchange/offer: the customer's open offer re-priced (new amounts or a renewal
     * of a lapsed one), valid 20 seconds from now. Executed, expired or someone else's: refused.
     */
    async updateOffer(
      merchant: Merchant,
      customerId: string,
      body: OfferRequest & { offerId: string },
      kind: ExchangeKind = "EXCHANGE",
    ): Promise<OfferResponse> {
      const existing = await repository.findOffer(merchant.id, customerId, body.offerId);
      if (!existing || existing.kind !== kind)
        throw quotesErrors.create("OFFER_NOT_FOUND", { field: "offerId" });
      if (existing.status !== "open") throw refusedUpdate(existing.status);
      const { at, row } = await priceOffer(merchant, customerId, existing.id, body, kind);
      const updated = await repository.repriceOpenOffer(row, at);
      if (updated) return offerView(updated);
      // Executed or expired meanwhile (the update changed nothing): say which.
      const current = await repository.findOffer(merchant.id, customerId, body.offerId);
      throw refusedUpdate(current?.status ?? "expired");
    },

    /** PUT /v1/mobile/exchange/offer/{offerId}: executes it once (the stored answer on a retry). */
    executeOffer: execution.execute,

    /** The CARD_ORDER kind: a card's fiat price paid in crypto (used by the cards module). */
    cardOrders: createCardOrderOffers({ repository, pricer, now }),
    /** Card pay-in and payout offers: the same engine for the acquiring module. */
    kinds: createKindOffers({ repository, pricer, kyc: deps.kyc, rates: deps.rates, now }),
  };
}

/** An offer no longer open cannot be re-priced: executed says so; anything else needs a new offer. */
function refusedUpdate(status: string) {
  const code = status === "executed" ? "OFFER_ALREADY_EXECUTED" : "OFFER_EXPIRED";
  return quotesErrors.create(code, { field: "offerId" });
}

export type QuotesService = ReturnType<typeof createQuotesService>;

function scaleOf(code: CurrencyCode): number {
  const currency = getCurrency(code);
  if (!currency) throw new TypeError(`unknown currency ${code}`);
  return currency.scale;
}
