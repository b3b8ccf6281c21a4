import { unwrap } from "@kestrel/api-client";
import type { components } from "@kestrel/api-contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { HISTORY_QUERY_KEY } from "../../../lib/history/history-queries.ts";
import { useApi } from "../../../lib/session/session-context.tsx";
import type { WebSession } from "../../../lib/session/web-session.ts";
import { WALLETS_QUERY_KEY } from "../../../lib/wallets/wallet-queries.ts";
import type { CardProgram } from "./cards-queries.ts";

export type TopUpOffer = components["schemas"]["CardTopUpOffer"];
export type TopUpReceipt = components["schemas"]["CardTopUpReceipt"];
type CardHistory = components["schemas"]["CardHistory"];
export type CardOperation = CardHistory["operations"][number];
export type TopUpInput = { from: string; side: "from" | "to"; amount: string };

/** The card's currency: its balance and every top-up land in EUR. */
export const CARD_CURRENCY = "EUR";
export const CARD_HISTORY_PAGE = 10;

const FUNDING_KEY = ["cards", "funding"] as const;

/** GET /v2/card/payload/currencies: the wallets a card can be topped up from, with what each holds. */
export function useTopUpCurrencies() {
  const api = useApi();
  return useQuery({
    queryKey: [...FUNDING_KEY, "currencies"],
    queryFn: () => unwrap(api.GET("/v2/card/payload/currencies")),
  });
}

/** GET /v2/card/{cardId}/payload/data: the card, its balance, each pair's rate, bounds and fees. */
export function useTopUpData(cardId: string | undefined, program: CardProgram) {
  const api = useApi();
  return useQuery({
    queryKey: [...FUNDING_KEY, "data", cardId, program],
    queryFn: () =>
      unwrap(
        api.GET("/v2/card/{cardId}/payload/data", {
          params: { path: { cardId: cardId ?? "" }, query: { cp: program } },
        }),
      ),
    enabled: cardId !== undefined,
    retry: false,
  });
}

const bodyOf = (input: TopUpInput) => ({
  fromCurrency: input.from,
  toCurrency: CARD_CURRENCY,
  ...(input.side === "from" ? { fromAmount: input.amount } : { toAmount: input.amount }),
});

/** POST (first) or PUT (renewal, edit) of the card's top-up offer. */
export function priceTopUp(
  api: WebSession["api"],
  v: { cardId: string; program: CardProgram; offerId?: string | undefined; input: TopUpInput },
): Promise<TopUpOffer> {
  const query = { cp: v.program };
  return v.offerId
    ? unwrap(
        api.PUT("/v2/card/{cardId}/payload/offers/{offerId}", {
          params: { path: { cardId: v.cardId, offerId: v.offerId }, query },
          body: bodyOf(v.input),
        }),
      )
    : unwrap(
        api.POST("/v2/card/{cardId}/payload/offers", {
          params: { path: { cardId: v.cardId }, query },
          body: bodyOf(v.input),
        }),
      );
}

/** Confirms the offer once (the offer id is the Idempotency-Key), then refreshes balances and histories. */
export function useConfirmTopUp(cardId: string | undefined, program: CardProgram) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: string) =>
      unwrap(
        api.POST("/v2/card/{cardId}/payload/offers/{offerId}/confirm", {
          params: { path: { cardId: cardId ?? "", offerId }, query: { cp: program } },
          headers: { "idempotency-key": offerId },
        }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["cards"] });
      void queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
    },
  });
}

/** GET /v2/history/card/{cardId}: a page of the card's history, newest first. */
export function useCardHistory(cardId: string, program: CardProgram, page: number) {
  const api = useApi();
  return useQuery({
    queryKey: [...FUNDING_KEY, "history", cardId, program, page],
    queryFn: () =>
      unwrap(
        api.GET("/v2/history/card/{cardId}", {
          params: {
            path: { cardId },
            query: { cp: program, offset: page * CARD_HISTORY_PAGE, size: CARD_HISTORY_PAGE },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    // A pending purchase settles on the issuer's clock: follow it while one is held.
    refetchInterval: (query) =>
      query.state.data?.operations.some((o) => o.status === "PENDING") ? 10_000 : false,
  });
}
