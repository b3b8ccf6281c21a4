import type { ClientSource } from "../../db/transaction.ts";
import type { AcquirerProvider } from "../../providers/acquirer/acquirer-provider.ts";
import type { AuthService } from "../auth/index.ts";
import type { CustomersService } from "../customers/index.ts";
import type { HistoryService } from "../history/index.ts";
import type { KycService } from "../kyc/index.ts";
import type { LedgerService } from "../ledger/index.ts";
import type { KindOffers } from "../quotes/index.ts";
import type { WalletsService } from "../wallets/index.ts";
import { createAcquirerEvents } from "./acquirer-events.service.ts";
import { createAcquiringRepository } from "./acquiring.repository.ts";
import { createPayinService } from "./payin.service.ts";
import { createPayoutService } from "./payout.service.ts";
import { createCardsService } from "./saved-cards.service.ts";

/** Card pay-in and payout: saved cards, the two use-cases and the acquirer's callbacks. */
export function createAcquiringService(deps: {
  db: ClientSource;
  acquirer: AcquirerProvider;
  offers: KindOffers;
  auth: Pick<AuthService, "requireLiveSession">;
  customers: Pick<CustomersService, "saveAnswers">;
  history: Pick<HistoryService, "record" | "update">;
  wallets: Pick<WalletsService, "ensureWallet">;
  kyc: Pick<KycService, "release" | "listLimits">;
  ledger: LedgerService;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const repository = createAcquiringRepository(deps.db);
  const cards = createCardsService({
    db: deps.db,
    customers: deps.customers,
    repository,
    acquirer: deps.acquirer,
    now,
  });
  const common = { ...deps, repository, cards, now };
  return {
    cards,
    payin: createPayinService(common),
    payout: createPayoutService(common),
    events: createAcquirerEvents(common),
  };
}

export type AcquiringService = ReturnType<typeof createAcquiringService>;
