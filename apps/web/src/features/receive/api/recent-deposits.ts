import { unwrap } from "@kestrel/api-client";
import { useQuery } from "@tanstack/react-query";
import { HISTORY_QUERY_KEY } from "../../../lib/history/history-queries.ts";
import { useApi, useSessionStatus } from "../../../lib/session/session-context.tsx";

/** How many of the latest deposits the receive screen lists. */
const RECENT_DEPOSITS = 5;
/** Polling while a deposit is pending (its confirmations move) and while none is (one may arrive). */
const PENDING_POLL_MS = 3_000;
const IDLE_POLL_MS = 5_000;

/**
 * The latest deposits of one currency, pending or not: under the history's key, so whatever
 * refreshes the history refreshes them too. Polled only while the page is in sight (TanStack
 * Query pauses interval refetches in a background tab), fast enough that a deposit confirmed in
 * seconds is still seen pending on a fast chain, and listed as credited either way.
 */
export function useRecentDeposits(currency: string | undefined) {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  return useQuery({
    queryKey: [...HISTORY_QUERY_KEY, "recentDeposits", currency],
    queryFn: async () => {
      const page = await unwrap(
        api.GET("/v2/history/operations", {
          params: {
            query: { typeFilter: "RECEIVE_CRYPTO", currencyFilter: currency, size: RECENT_DEPOSITS },
          },
        }),
      );
      return page.operations;
    },
    enabled: signedIn && currency !== undefined,
    refetchInterval: (query) =>
      query.state.data?.some((operation) => operation.status === "PENDING") ? PENDING_POLL_MS : IDLE_POLL_MS,
  });
}
