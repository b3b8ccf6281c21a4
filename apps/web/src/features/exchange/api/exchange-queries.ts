import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { HISTORY_QUERY_KEY } from "../../../lib/history/history-queries.ts";
import { useApi, useSessionStatus } from "../../../lib/session/session-context.tsx";
import type { WebSession } from "../../../lib/session/web-session.ts";
import { WALLETS_QUERY_KEY } from "../../../lib/wallets/wallet-queries.ts";
import { executeOffer, fetchExchangePairs } from "./exchange-calls.ts";

const EXCHANGE_PAIRS_KEY = ["exchange", "pairs"] as const;

const exchangePairsQuery = (api: WebSession["api"]) =>
  queryOptions({
    queryKey: EXCHANGE_PAIRS_KEY,
    queryFn: () => fetchExchangePairs(api),
    // Rates move; the offer carries the price that counts, the list only what may be exchanged.
    staleTime: 30_000,
  });

/** The pairs the customer may exchange, with bounds and scales. */
export function useExchangePairs() {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  return useQuery({ ...exchangePairsQuery(api), enabled: signedIn });
}

/** Executes an offer; balances (home's too), history and the pairs' balances are refetched after it. */
export function useExecuteOffer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: string) => executeOffer(api, offerId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: EXCHANGE_PAIRS_KEY });
    },
  });
}
