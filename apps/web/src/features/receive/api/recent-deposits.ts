import { useQuery } from "@tanstack/react-query";
import { HISTORY_QUERY_KEY } from "../../../lib/history/history-queries.ts";
import { unwrap } from "../../../lib/session/api-result.ts";
import { useApi, useSessionStatus } from "../../../lib/session/session-context.tsx";

/**
 * The latest deposits of one currency, pending or not: under the history's key, so whatever
 * refreshes the history refreshes them too.
 */
export function useRecentDeposits(currency: string | undefined) {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  return useQuery({
    queryKey: [...HISTORY_QUERY_KEY, "recentDeposits", currency],
    queryFn: async () => {
      const page = await unwrap(
        api.GET("/v2/history/operations", {
          params: { query: { typeFilter: "RECEIVE_CRYPTO", currencyFilter: currency, size: 50 } },
        }),
      );
      return page.operations;
    },
    enabled: signedIn && currency !== undefined,
    // A deposit may arrive while the page is open: look again now and then, often while one is pending.
    refetchInterval: (query) =>
      query.state.data?.some((operation) => operation.status === "PENDING") ? 5_000 : 15_000,
  });
}
