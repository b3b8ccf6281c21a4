import type { ClientSource, Tx } from "../../db/transaction.ts";
import type { IssuerProvider } from "../../providers/issuer/issuer-provider.ts";
import type { AuthService } from "../auth/index.ts";
import type { CatalogService } from "../catalog/index.ts";
import type { CustomersService } from "../customers/index.ts";
import type { HistoryService } from "../history/index.ts";
import type { LedgerService } from "../ledger/index.ts";
import type { MerchantsService } from "../merchants/index.ts";
import type { QuotesService } from "../quotes/index.ts";
import type { WalletsService } from "../wallets/index.ts";
import { createCardPayments } from "./card-order-payment.service.ts";
import { createCardOrders } from "./card-order-steps.service.ts";
import { createCardOrdersRepository, lockRequestSql, markIssuedSql } from "./card-orders.repository.ts";
import { createCardPrograms } from "./card-program-guard.ts";

/**
 * Ordering a card (docs/cards.md): the programs a merchant offers, the order's steps, its price
 * and payment through the quote engine, its cancel and refund. The order's card, once the issuer
 * makes it, is the cards module's; it reaches the order only through this service.
 */
export function createCardOrdersService(deps: {
  db: ClientSource;
  merchants: Pick<MerchantsService, "features">;
  catalog: Pick<CatalogService, "assertOperationAllowed">;
  customers: Pick<CustomersService, "getCustomer" | "saveAnswers">;
  auth: Pick<AuthService, "requireLiveSession">;
  ledger: LedgerService;
  wallets: Pick<WalletsService, "ensureWallet">;
  history: Pick<HistoryService, "record">;
  quotes: Pick<QuotesService, "cardOrders">;
  issuer: IssuerProvider;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const repository = createCardOrdersRepository({ db: deps.db });
  const programs = createCardPrograms(deps);
  const orders = createCardOrders({ db: deps.db, repository, programs, customers: deps.customers, now });
  const payments = createCardPayments({ ...deps, repository, programs, orders, now });
  return {
    ...orders,
    ...payments,

    /** The program `cp` names, if the merchant offers it (403 naming `cp` if not). */
    requireProgram: programs.requireProgram,
    /** The catalog's word on an operation for this customer. */
    requireOperation: programs.requireOperation,

    /** An order by id within the merchant (the issuer knows it so). */
    orderById: (merchantId: string, id: string) => repository.findRequestById(merchantId, id),

    /** The merchant's orders paid and not issued since before `before`, oldest first (stuck payments). */
    paidNotIssuedBefore: (merchantId: string, before: Date, limit: number) =>
      repository.paidNotIssuedBefore(merchantId, before, limit),

    /** The order locked in the caller's transaction, to judge the issuer's report on. */
    lockOrder: (tx: Tx, merchantId: string, id: string) => lockRequestSql(tx, merchantId, id),

    /** A paid order's card was recorded in the caller's transaction: the order is ISSUED. */
    markIssued: (tx: Tx, merchantId: string, id: string, at: Date) => markIssuedSql(tx, merchantId, id, at),
  };
}

export type CardOrdersService = ReturnType<typeof createCardOrdersService>;
