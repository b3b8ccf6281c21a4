import type { ClientSource } from "../../db/transaction.ts";
import type { CardSecrets } from "../../providers/issuer/card-secrets.ts";
import type { IssuerProvider } from "../../providers/issuer/issuer-provider.ts";
import type { AuthService } from "../auth/auth.service.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import type { CustomersService } from "../customers/customers.service.ts";
import type { HistoryService } from "../history/history.service.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import type { MerchantsService } from "../merchants/merchants.service.ts";
import type { QuotesService } from "../quotes/quotes.service.ts";
import type { WalletsService } from "../wallets/wallets.service.ts";
import { createCardActivation } from "./card-activation.service.ts";
import { createCardOrders } from "./card-order.service.ts";
import { createCardPayments } from "./card-payment.service.ts";
import { createCardPrograms } from "./card-programs.ts";
import { createCardRsa } from "./card-rsa.ts";
import { createCardsRepository } from "./cards.repository.ts";

/** Cards (docs/cards.md): programs, the order and its payment, the issuer's callbacks, activation. */
export function createCardsService(deps: {
  db: ClientSource;
  merchants: Pick<MerchantsService, "features">;
  catalog: Pick<CatalogService, "assertOperationAllowed">;
  customers: Pick<CustomersService, "getCustomer">;
  auth: Pick<AuthService, "requireLiveSession">;
  ledger: LedgerService;
  wallets: Pick<WalletsService, "ensureWallet">;
  history: Pick<HistoryService, "record">;
  quotes: Pick<QuotesService, "cardOrders">;
  issuer: IssuerProvider;
  secrets: CardSecrets;
  callbackSecret: string;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const repository = createCardsRepository(deps.db);
  const programs = createCardPrograms(deps);
  const orders = createCardOrders({ repository, programs, customers: deps.customers, now });
  const payments = createCardPayments({ ...deps, repository, programs, orders, now });
  const rsa = createCardRsa({ repository, secrets: deps.secrets });
  const activation = createCardActivation({ ...deps, repository, programs, orders, rsa, now });
  return { ...orders, ...payments, ...activation };
}

export type CardsService = ReturnType<typeof createCardsService>;
