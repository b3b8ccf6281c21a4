import type { CardPurpose } from "../../db/schema/index.ts";
import type { KycService } from "../kyc/index.ts";
import type { Merchant } from "../merchants/index.ts";
import type { KindOffers } from "../quotes/index.ts";
import type { AcquiringRepository } from "./acquiring.repository.ts";
import { DATA_VALID_SECONDS, PARTNER_NOTE, pairView } from "./saved-card-views.ts";
import type { CardsService } from "./saved-cards.service.ts";

const PURPOSE_OF = { PAYIN_CARD: "PAYIN", PAYOUT_CARD: "PAYOUT" } as const satisfies Record<
  string,
  CardPurpose
>;

/**
 * GET /v3/payin/data and /v4/payout/data (reference §4.10, §4.11): the saved cards, the pairs with
 * their rates, bounds and fees (the quote engine's terms, fee table included), the customer's limit
 * now (the KYC limits of the operation), the first purchase, and whether cards need an address.
 */
export function createCardData(deps: {
  repository: AcquiringRepository;
  cards: CardsService;
  offers: KindOffers;
  kyc: Pick<KycService, "listLimits">;
  now: () => Date;
}) {
  const { offers } = deps;

  return async function data(merchant: Merchant, customerId: string, kind: "PAYIN_CARD" | "PAYOUT_CARD") {
    const [cards, terms, succeeded, limits] = await Promise.all([
      deps.cards.listCards(merchant, customerId, PURPOSE_OF[kind]),
      offers.pairs(merchant, customerId, kind),
      kind === "PAYIN_CARD" ? deps.repository.countSucceeded(merchant.id, customerId, kind) : 1,
      deps.kyc.listLimits(merchant.id, customerId),
    ]);
    const pairs = terms.map((t) => pairView(t, offers.bid(merchant, t.from, t.to)));
    // One set of fees for the whole list when every pair has the same (a merchant usually sets one
    // per operation); otherwise each pair's own apply and the top-level one is null.
    const shared = pairs.every((p) => JSON.stringify(p.fees) === JSON.stringify(pairs[0]?.fees));
    // What one payment may be now: the per-transaction, 24-hour and 30-day limits, whichever is
    // lowest. A first purchase is held to the same limits (Kestrel has no separate first-purchase
    // limit), so firstPurchaseLimit is this one while the customer has not bought yet.
    const operation = limits.operations.find((o) => o.operationType === kind);
    const limit = { value: operation?.remaining.now ?? "0", currency: limits.currency };
    const firstPurchase = succeeded === 0;
    const at = deps.now();
    return {
      cards,
      pairs,
      fees: shared ? (pairs[0]?.fees ?? null) : null,
      limit,
      validSeconds: DATA_VALID_SECONDS,
      validTo: new Date(at.getTime() + DATA_VALID_SECONDS * 1000).toISOString(),
      billingAddressRequired: deps.cards.billingAddressRequired(PURPOSE_OF[kind]),
      firstPurchase,
      firstPurchaseLimit: firstPurchase ? limit : null,
      partnerNote: PARTNER_NOTE,
    };
  };
}
