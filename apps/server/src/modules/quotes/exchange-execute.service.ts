import type { CurrencyCode } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { createMoneyFrame, keyOf } from "../../app/money-use-case.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";
import type { AuthService, VerifiedClaims } from "../auth/index.ts";
import { type HistoryService, money } from "../history/index.ts";
import type { AccountRef, LedgerService, OperationOutcome } from "../ledger/index.ts";
import type { Merchant } from "../merchants/index.ts";
import { rateToString } from "../rates/index.ts";
import type { WalletsService } from "../wallets/index.ts";
import type { ExchangeLimits } from "./exchange-limits.ts";
import { assertUnchanged } from "./kind-offers.ts";
import type { Pricer } from "./offer-terms.ts";
import { pricedOf, RATE_DECIMALS, receiptOf } from "./offer-views.ts";
import { legsOf, type QuoteLegAccount } from "./quote-legs.ts";
import { quotesErrors } from "./quotes.errors.ts";
import {
  lockOfferSql,
  markExecutedSql,
  markPromoUsedSql,
  type OfferRow,
  type QuotesRepository,
  usePromoSql,
} from "./quotes.repository.ts";

export type ExecuteOfferInput = {
  merchant: Merchant;
  customer: Pick<VerifiedClaims, "customerId" | "merchantId" | "sessionId">;
  offerId: string;
  idempotencyKey: string;
  requestHash: string;
  /**
   * EXCHANGE_IBAN: the to-side is the IBAN's balance account instead of a wallet, and its module
   * records its own rows in the execution's transaction (docs/iban.md). Unset: an EXCHANGE.
   */
  destination?: ExchangeDestination;
};

type ExchangeDestination = {
  kind: "EXCHANGE_IBAN";
  accountId: string;
  onExecuted: (tx: Tx, e: { operationId: string; offer: OfferRow; at: Date }) => Promise<void>;
};

/** Refuses an offer that cannot be executed now: executed, lapsed or no longer open. */
function assertExecutable(offer: OfferRow | undefined, now: Date): asserts offer is OfferRow {
  if (!offer) throw quotesErrors.create("OFFER_NOT_FOUND", { field: "offerId" });
  if (offer.status === "executed") throw quotesErrors.create("OFFER_ALREADY_EXECUTED", { field: "offerId" });
  if (offer.status !== "open" || offer.expiresAt <= now) {
    throw quotesErrors.create("OFFER_EXPIRED", { field: "offerId" });
  }
}

/**
 * Executes an exchange offer once, at exactly its quoted amounts (docs/quotes.md "Execution").
 * One transaction: the session, the offer's lock, the KYC limits and catalog, the ledger
 * operation (the balance is checked there), the free transaction, the offer's status and the
 * history commit together or not at all. Lock order: offer, KYC row, ledger accounts.
 */
export function createExchangeExecution(deps: {
  db: ClientSource;
  auth: Pick<AuthService, "requireLiveSession">;
  ledger: LedgerService;
  wallets: Pick<WalletsService, "ensureWallet">;
  history: Pick<HistoryService, "record">;
  repository: QuotesRepository;
  pricer: Pricer;
  limits: ExchangeLimits;
  now: () => Date;
}) {
  const { ledger, repository } = deps;
  const frame = createMoneyFrame(deps);

  /** Everything read or opened before the transaction (it never waits for another connection). */
  async function prepare(input: ExecuteOfferInput) {
    const { merchant } = input;
    const { customerId } = input.customer;
    const kind = input.destination?.kind ?? "EXCHANGE";
    const found = await repository.findOffer(merchant.id, customerId, input.offerId);
    // An offer executes only through the call of its kind (an exchange is not paid into an IBAN).
    const offer = found?.kind === kind ? found : undefined;
    const at = deps.now();
    if (offer && offer.status === "open" && offer.expiresAt <= at) {
      await repository.markExpired(merchant.id, offer.id, at);
    }
    assertExecutable(offer, at);
    const from = offer.currencyFrom as CurrencyCode;
    const to = offer.currencyTo as CurrencyCode;
    const [fromWallet, toWallet, terms, limit] = await Promise.all([
      deps.wallets.ensureWallet(merchant.id, customerId, from),
      input.destination
        ? { id: input.destination.accountId }
        : deps.wallets.ensureWallet(merchant.id, customerId, to),
      offer.promoApplied ? deps.pricer.terms(merchant, customerId, offer.kind, from, to) : undefined,
      deps.limits.prepare({ merchant, customerId, currency: from, amount: offer.amountFrom, kind }),
      ledger.ensureHouseAccounts({ merchantId: merchant.id, currency: from }),
      ledger.ensureHouseAccounts({ merchantId: merchant.id, currency: to }),
    ]);
    const account = (a: QuoteLegAccount): AccountRef =>
      "house" in a ? a : { accountId: a.customerWallet === from ? fromWallet.id : toWallet.id };
    const legs = legsOf(pricedOf(offer)).map((leg) => ({
      debit: account(leg.debit),
      credit: account(leg.credit),
      amount: leg.amount,
      currency: leg.currency,
    }));
    return { offer, at, fromWallet, toWallet, promoGranted: terms?.promoGranted ?? 0, limit, legs };
  }

  function execute(input: ExecuteOfferInput): Promise<OperationOutcome> {
    const { merchant } = input;
    const { customerId } = input.customer;
    return frame({
      session: input.customer,
      key: keyOf(merchant.id, input),
      insufficientFunds: () => quotesErrors.create("INSUFFICIENT_FUNDS", { field: "amountFrom" }),
      prepare: async () => {
        const prepared = await prepare(input);
        // Ids and time are made here, so the receipt is known before the write; a replay returns it.
        const operationId = uuidv7();
        return { ...prepared, operationId, receipt: receiptOf(prepared.offer, operationId, prepared.at) };
      },
      // A concurrent execution of this offer may have won meanwhile: judged again under the lock.
      // A re-price since prepare read it is refused: its legs and limits are the read offer's.
      lock: async (tx, { offer, at }) => {
        const locked = await lockOfferSql(tx, merchant.id, customerId, offer.id);
        assertExecutable(locked, at);
        assertUnchanged(locked, offer);
      },
      limit: (p) => ({ limit: p.limit, reference: input.idempotencyKey }),
      move: (tx, { offer, operationId, legs, receipt }) =>
        ledger.apply(tx, {
          merchantId: merchant.id,
          operationId,
          idempotencyKey: input.idempotencyKey,
          requestHash: input.requestHash,
          kind: offer.kind === "EXCHANGE_IBAN" ? "exchange_iban" : "exchange",
          legs,
          metadata: { customerId, offerId: offer.id, from: offer.currencyFrom, to: offer.currencyTo },
          response: { statusCode: 200, body: receipt },
        }),
      record: async (tx, { offer, operationId, at, promoGranted, fromWallet, toWallet }) => {
        const promo = {
          merchantId: merchant.id,
          customerId,
          kind: offer.kind,
          from: offer.currencyFrom,
          to: offer.currencyTo,
        };
        if (offer.promoApplied && !(await usePromoSql(tx, promo, promoGranted))) {
          // Priced free, but another exchange took the last free one: a new price is needed.
          throw quotesErrors.create("OFFER_EXPIRED", {
            field: "offerId",
            message: "Your free exchanges are used up. Please check the new price and confirm again.",
          });
        }
        if (offer.promoApplied) await markPromoUsedSql(tx, merchant.id, offer.id);
        await markExecutedSql(tx, merchant.id, offer.id, operationId, at);
        await input.destination?.onExecuted(tx, { operationId, offer, at });
        await deps.history.record(tx, [
          {
            merchantId: merchant.id,
            customerId,
            operationId,
            type: offer.kind === "EXCHANGE_IBAN" ? "EXCHANGE_IBAN" : "EXCHANGE",
            direction: "OUT",
            status: "COMPLETED",
            currency: offer.currencyFrom,
            amount: offer.amountFrom,
            fee: offer.feeTotal,
            counterparty: null,
            details: {
              fromAddress: fromWallet.id,
              toAddress: toWallet.id,
              debitAmount: money(offer.amountFrom, offer.currencyFrom),
              creditAmount: money(offer.amountTo, offer.currencyTo),
              feeAmount: money(offer.feeTotal, offer.currencyFrom),
              exchangeRate: {
                sourceCurrency: offer.currencyFrom,
                targetCurrency: offer.currencyTo,
                rate: rateToString({ value: offer.rate }, RATE_DECIMALS),
                multiplier: 1,
              },
            },
          },
        ]);
      },
    });
  }

  return { execute };
}
