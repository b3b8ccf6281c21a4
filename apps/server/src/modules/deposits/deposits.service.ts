import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import type { ClientSource } from "../../db/transaction.ts";
import type { AuthService } from "../auth/index.ts";
import type { CatalogService } from "../catalog/index.ts";
import type { CustomersService } from "../customers/index.ts";
import type { HistoryService } from "../history/index.ts";
import type { KycService } from "../kyc/index.ts";
import type { LedgerService } from "../ledger/index.ts";
import type { Merchant } from "../merchants/index.ts";
import type { RatesService } from "../rates/index.ts";
import { createCloseDeposit } from "./deposit-close.service.ts";
import { createDepositsGuard } from "./deposit-guard.ts";
import { createOpenDeposit } from "./deposit-open.service.ts";
import { createDepositSettlement } from "./deposit-settle.service.ts";
import {
  depositWorth,
  inFiat,
  toBaseTemplatesView,
  toDepositView,
  toEventView,
  toTemplatesView,
} from "./deposit-views.ts";
import { depositErrors } from "./deposits.errors.ts";
import { type DepositRow, type DepositsRepository, depositsSql } from "./deposits.repository.ts";

type Owner = { merchant: Merchant; customerId: string };

/** Earn (docs/earn.md): templates, opening, the customer's deposits, closing, and the worker's settling. */
export function createDepositsService(deps: {
  db: ClientSource;
  repository: DepositsRepository;
  auth: AuthService;
  catalog: CatalogService;
  customers: CustomersService;
  ledger: LedgerService;
  history: HistoryService;
  kyc: KycService;
  rates: RatesService;
  /** The deposits' clock: opening and closing times (tests move it). */
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { payments, settleDeposit, settleDue } = createDepositSettlement(deps);
  const guard = createDepositsGuard(deps);

  const view = (d: DepositRow, merchant: Merchant) => {
    const fiat = merchant.fiatCurrency;
    return toDepositView(d, { currency: fiat, value: inFiat(deps.rates, depositWorth(d), d.currency, fiat) });
  };

  async function ownDeposit(o: Owner, id: string): Promise<DepositRow> {
    const found = await deps.db.withClient((c) =>
      depositsSql.find(c, { merchantId: o.merchant.id, customerId: o.customerId, id }),
    );
    if (!found) throw depositErrors.create("DEPOSIT_NOT_FOUND");
    return found;
  }

  return {
    async templates(merchant: Merchant) {
      return { templates: toTemplatesView(await deps.repository.listOfferedTemplates(merchant.id)) };
    },

    async baseTemplates(merchant: Merchant) {
      return { baseTemplates: toBaseTemplatesView(await deps.repository.listOfferedTemplates(merchant.id)) };
    },

    openDeposit: createOpenDeposit({ ...deps, guard, now }),
    closeDeposit: createCloseDeposit({ ...deps, guard, payments, now }),

    /** The back-office: a customer's deposits, open and closed, as stored. */
    async depositsOf(merchantId: string, customerId: string) {
      const page = (closed: boolean) =>
        deps.db.withClient((c) =>
          depositsSql.page(c, { merchantId, customerId, closed, offset: 0, limit: 50 }),
        );
      const [open, closed] = await Promise.all([page(false), page(true)]);
      return [...open.rows, ...closed.rows];
    },

    /** The customer's open (or, with `closed`, closed) deposits and their totals in the merchant's fiat. */
    async listDeposits(o: Owner, q: { closed: boolean; offset: number; limit: number }) {
      const { rows, total } = await deps.db.withClient((c) =>
        depositsSql.page(c, { merchantId: o.merchant.id, customerId: o.customerId, ...q }),
      );
      const deposits = rows.map((d) => view(d, o.merchant));
      const fiat = o.merchant.fiatCurrency;
      const sum = (pick: (d: DepositRow) => bigint) =>
        rows.reduce((s, d) => s + inFiat(deps.rates, pick(d), d.currency, fiat), 0n);
      const totals = {
        fiatCurrency: fiat,
        amount: toDecimalString(sum(depositWorth), fiat as CurrencyCode),
        profit: toDecimalString(
          sum((d) => depositWorth(d) - d.principal),
          fiat as CurrencyCode,
        ),
      };
      return { deposits, offset: q.offset, limit: q.limit, total, totals };
    },

    async getDeposit(o: Owner, id: string) {
      return view(await ownDeposit(o, id), o.merchant);
    },

    /** GET /v2/history/deposit/{depositId}: the deposit's opening, accruals and close, newest first. */
    async depositHistory(o: Owner, id: string) {
      const d = await ownDeposit(o, id);
      const events = await deps.db.withClient((c) => depositsSql.events(c, o.merchant.id, d.id));
      return { depositId: d.id, currency: d.currency, events: events.map((e) => toEventView(e, d.currency)) };
    },

    settleDeposit,
    settleDue,

    /**
     * Sandbox: the deposit's clock moves on by `days` (its dates move back), then whatever fell
     * due is settled, as the worker would.
     */
    async moveClock(merchant: Merchant, id: string, days: number) {
      const moved = await deps.db.withClient((c) =>
        depositsSql.moveBack(c, { merchantId: merchant.id, id, days }),
      );
      if (!moved) throw depositErrors.create("DEPOSIT_NOT_FOUND");
      await settleDeposit({ merchantId: merchant.id, depositId: id, at: now() });
      return view(await ownDeposit({ merchant, customerId: moved.customerId }, id), merchant);
    },
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
