import { toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import type { ClientSource, Tx } from "../../db/transaction.ts";
import { commonErrors } from "../../http/app-error.ts";
import { ACCOUNT_PURPOSES, INCOME_SOURCES, TURNOVER_RANGES } from "../../personal-info-choices.ts";
import type { BankRail } from "../../providers/bank/bank-provider.ts";
import { isSepaIban, normalizeBic, normalizeIban } from "../../providers/bank/iban-numbers.ts";
import type { AuthService, Codes, VerifiedClaims } from "../auth/index.ts";
import type { CatalogService } from "../catalog/index.ts";
import type { CustomersService } from "../customers/index.ts";
import type { HistoryService } from "../history/index.ts";
import type { KycService } from "../kyc/index.ts";
import type { LedgerService } from "../ledger/index.ts";
import type { MerchantsService } from "../merchants/index.ts";
import type { OfferRequest, QuotesService } from "../quotes/index.ts";
import type { RatesService } from "../rates/index.ts";
import { ibanErrors } from "./iban.errors.ts";
import { type AccountRow, ibanSql, type RecipientRow } from "./iban.repository.ts";
import { EU_COUNTRIES } from "./iban-eligibility.ts";
import { createIbanOrders, type Owner } from "./iban-order.service.ts";
import { createIbanRailEvents } from "./iban-rail-events.service.ts";
import { createIbanWithdrawals } from "./iban-withdraw.service.ts";

/** IBAN accounts (docs/iban.md): the order, recipients, withdrawals, exchange in, the rail's news. */
export function createIbanService(deps: {
  db: ClientSource;
  auth: Pick<AuthService, "requireLiveSession">;
  merchants: Pick<MerchantsService, "features">;
  catalog: Pick<CatalogService, "assertOperationAllowed">;
  customers: Pick<CustomersService, "getCustomer" | "saveAnswers">;
  ledger: LedgerService;
  history: Pick<HistoryService, "record" | "update">;
  kyc: Pick<KycService, "assertAllowed" | "prepare" | "release">;
  rates: RatesService;
  codes: Codes;
  quotes: Pick<QuotesService, "createOffer" | "updateOffer" | "executeOffer">;
  bank: BankRail;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const orders = createIbanOrders({ ...deps, now });

  async function ownAccount(merchantId: string, customerId: string, ibanId: string): Promise<AccountRow> {
    const account = await deps.db.withClient((c) => ibanSql.account(c, { merchantId, customerId }, ibanId));
    if (!account) throw ibanErrors.create("IBAN_NOT_FOUND");
    return account;
  }

  /**
   * An active IBAN of the customer that may take money in: the merchant still offers IBANs and
   * the customer still lives in the EU (403 with the reason otherwise; withdrawing needs neither).
   */
  async function activeAccount(o: Owner, ibanId: string): Promise<AccountRow> {
    const account = await ownAccount(o.merchant.id, o.customerId, ibanId);
    await orders.requireOffered(o);
    if (account.status !== "ACTIVE") throw ibanErrors.create("IBAN_NOT_ACTIVE");
    return account;
  }

  /**
   * Saved recipients serve withdrawals, which an issued account keeps when the merchant stops
   * offering IBANs: saving, listing or removing them needs the offer or an issued account, so a
   * holder with no saved recipient can still take the money out.
   */
  async function requireOfferedOrHeld(o: Owner): Promise<void> {
    if (await orders.programOf(o.merchant)) return;
    const accounts = await deps.db.withClient((c) =>
      ibanSql.accounts(c, { merchantId: o.merchant.id, customerId: o.customerId }),
    );
    if (accounts.length === 0) throw ibanErrors.create("IBAN_NOT_OFFERED");
  }

  const withdrawals = createIbanWithdrawals({ ...deps, orders, ownAccount });
  const railEvents = createIbanRailEvents({
    ...deps,
    releaseLimit: (tx: Tx, merchantId: string, reference: string) =>
      deps.kyc.release(tx, { merchantId, reference }),
  });

  const recipientView = (r: RecipientRow) => ({
    id: r.id,
    name: r.name,
    iban: r.iban,
    bic: r.bic,
    createdAt: r.createdAt.toISOString(),
  });

  /** Exchange offers into an IBAN are priced for its currency only (EUR). */
  function toIbanCurrency(body: OfferRequest): OfferRequest {
    if (body.currencyTo !== "EUR")
      throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
        field: "currencyTo",
        message: "currencyTo: an IBAN account holds EUR",
      });
    return body;
  }

  return {
    /** The order's allowed answers: an order call, so the merchant's flag must be on. */
    async constants(o: Owner) {
      if (!(await orders.programOf(o.merchant))) throw ibanErrors.create("IBAN_NOT_OFFERED");
      return {
        incomeSource: [...INCOME_SOURCES],
        estimatedMonthlyTurnoverRange: [...TURNOVER_RANGES],
        purposesOfAccountOpening: [...ACCOUNT_PURPOSES],
        euCountries: Object.entries(EU_COUNTRIES)
          .map(([code, name]) => ({ code, name }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      };
    },
    personalInfo: orders.personalInfo,
    savePersonalInfo: orders.savePersonalInfo,
    saveAddress: orders.saveAddress,
    createRequest: orders.createRequest,
    cancelRequest: orders.cancelRequest,
    list: orders.list,

    async listRecipients(o: Owner) {
      await requireOfferedOrHeld(o);
      const rows = await deps.db.withClient((c) =>
        ibanSql.recipients(c, { merchantId: o.merchant.id, customerId: o.customerId }),
      );
      return { recipients: rows.map(recipientView) };
    },

    /**
     * A recipient with a valid IBAN of the SEPA area and a valid BIC (400 naming the field). It
     * only ever receives the customer's own money, so an account holder may save one whatever
     * the flag or residence says; anyone else needs the offer.
     */
    async createRecipient(o: Owner, body: { name: string; iban: string; bic: string }) {
      await requireOfferedOrHeld(o);
      const iban = normalizeIban(body.iban);
      if (!iban) throw ibanErrors.create("INVALID_IBAN", { field: "iban" });
      if (!isSepaIban(iban)) throw ibanErrors.create("IBAN_NOT_SEPA", { field: "iban" });
      const bic = normalizeBic(body.bic);
      if (!bic) throw ibanErrors.create("INVALID_BIC", { field: "bic" });
      const row: RecipientRow = {
        id: uuidv7(),
        merchantId: o.merchant.id,
        customerId: o.customerId,
        name: body.name,
        iban,
        bic,
        createdAt: now(),
      };
      await deps.db.withClient((c) => ibanSql.insertRecipient(c, row));
      return recipientView(row);
    },

    async deleteRecipient(o: Owner, id: string) {
      await requireOfferedOrHeld(o);
      const deleted = await deps.db.withClient((c) =>
        ibanSql.deleteRecipient(c, { merchantId: o.merchant.id, customerId: o.customerId }, id),
      );
      if (!deleted) throw ibanErrors.create("RECIPIENT_NOT_FOUND");
      return { result: "ok" as const };
    },

    withdrawData: withdrawals.data,
    withdraw: withdrawals.withdraw,

    /**
     * GET /v2/history/iban/{ibanId}: the IBAN's transfers, newest first. The customer's own issued
     * account is enough: its history stays in sight whatever the merchant offers now.
     */
    async history(o: Owner, ibanId: string, q: { offset: number; size: number }) {
      const account = await ownAccount(o.merchant.id, o.customerId, ibanId);
      const { rows, total } = await deps.db.withClient((c) =>
        ibanSql.transferPage(c, {
          merchantId: o.merchant.id,
          customerId: o.customerId,
          ibanId: account.id,
          ...q,
        }),
      );
      return {
        ibanId: account.id,
        offset: q.offset,
        size: q.size,
        total,
        items: rows.map((t) => ({
          id: t.id,
          operationId: t.operationId,
          type: t.kind,
          direction: t.kind === "SEPA_OUT" ? ("OUT" as const) : ("IN" as const),
          status: t.status,
          amount: toDecimalString(t.amount, "EUR"),
          fee: toDecimalString(t.fee, "EUR"),
          currency: t.currency,
          counterpartyName: t.counterpartyName,
          counterpartyIban: t.counterpartyIban,
          reference: t.reference,
          returnReason: t.returnReason,
          createdAt: t.createdAt.toISOString(),
          updatedAt: t.updatedAt.toISOString(),
        })),
      };
    },

    /** EXCHANGE_IBAN: an offer from a wallet's currency into the IBAN's EUR (the quote engine). */
    async createExchangeOffer(o: Owner, ibanId: string, body: OfferRequest) {
      await activeAccount(o, ibanId);
      return deps.quotes.createOffer(o.merchant, o.customerId, toIbanCurrency(body), "EXCHANGE_IBAN");
    },

    async updateExchangeOffer(o: Owner, ibanId: string, body: OfferRequest & { offerId: string }) {
      await activeAccount(o, ibanId);
      return deps.quotes.updateOffer(
        o.merchant,
        o.customerId,
        { ...toIbanCurrency(body), offerId: body.offerId },
        "EXCHANGE_IBAN",
      );
    },

    /**
     * Executes an EXCHANGE_IBAN offer once: the quote engine's one transaction, the IBAN's balance
     * as the to-side, and the IBAN's own history row written in that same transaction.
     */
    async executeExchangeOffer(input: {
      owner: Owner;
      customer: Pick<VerifiedClaims, "customerId" | "merchantId" | "sessionId">;
      ibanId: string;
      offerId: string;
      idempotencyKey: string;
      requestHash: string;
    }) {
      const account = await activeAccount(input.owner, input.ibanId);
      return deps.quotes.executeOffer({
        merchant: input.owner.merchant,
        customer: input.customer,
        offerId: input.offerId,
        idempotencyKey: input.idempotencyKey,
        requestHash: input.requestHash,
        destination: {
          kind: "EXCHANGE_IBAN",
          accountId: account.balanceAccountId,
          onExecuted: async (tx, e) => {
            await ibanSql.insertTransfer(tx, {
              id: uuidv7(),
              merchantId: account.merchantId,
              customerId: account.customerId,
              ibanId: account.id,
              kind: "EXCHANGE_IN",
              status: "COMPLETED",
              amount: e.offer.amountTo,
              fee: 0n,
              currency: "EUR",
              counterpartyName: `${e.offer.currencyFrom} wallet`,
              counterpartyIban: null,
              counterpartyBic: null,
              reference: null,
              returnReason: null,
              operationId: e.operationId,
              pendingId: null,
              feePendingId: null,
              limitReference: null,
              railId: null,
              createdAt: e.at,
              updatedAt: e.at,
            });
          },
        },
      });
    },

    onBankNotification: railEvents.onNotification,

    /** The back-office's stuck transfers out: listed, asked about again, failed (a refund). */
    stuckTransfers: {
      pendingBefore: railEvents.pendingBefore,
      askAgain: railEvents.askAgain,
      fail: railEvents.fail,
    },

    /** The back-office: a customer's IBAN accounts. */
    accountsOf: (merchantId: string, customerId: string) =>
      deps.db.withClient((c) => ibanSql.accounts(c, { merchantId, customerId })),
    /** The back-office's search: the customer of this merchant an IBAN belongs to, if any. */
    async customerIdByIban(merchantId: string, iban: string): Promise<string | undefined> {
      const account = await deps.db.withClient((c) =>
        ibanSql.merchantAccountByIban(c, merchantId, iban.replace(/\s/g, "").toUpperCase()),
      );
      return account?.customerId;
    },
  };
}

export type IbanService = ReturnType<typeof createIbanService>;
