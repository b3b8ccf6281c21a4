import type { components } from "@kestrel/api-contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/session/api-result.ts";
import { useApi, useSessionStatus } from "../../../lib/session/session-context.tsx";
import type { WebSession } from "../../../lib/session/web-session.ts";
import { executeOffer, fetchExchangePairs } from "./exchange-calls.ts";

export type Wallet = components["schemas"]["Wallet"];

// The wallets and history lists are keyed the same way wherever they are shown, so an exchange
// refreshes the balances on home and the history list too.
const WALLETS_KEY = ["wallets"] as const;
const HISTORY_KEY = ["history"] as const;
export const EXCHANGE_PAIRS_KEY = ["exchange", "pairs"] as const;

export const exchangePairsQuery = (api: WebSession["api"]) =>
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

/** GET /v3/wallets: the customer's wallets with balances (the same list home shows). */
export function useExchangeWallets() {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  return useQuery({
    queryKey: WALLETS_KEY,
    queryFn: () => unwrap(api.GET("/v3/wallets")),
    enabled: signedIn,
  });
}

/** Executes an offer; balances and history are refetched after it. */
export function useExecuteOffer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: string) => executeOffer(api, offerId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: WALLETS_KEY });
      void queryClient.invalidateQueries({ queryKey: HISTORY_KEY });
      void queryClient.invalidateQueries({ queryKey: EXCHANGE_PAIRS_KEY });
    },
  });
}
