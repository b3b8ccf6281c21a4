import { unwrap } from "@kestrel/api-client";
import type { components } from "@kestrel/api-contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { HISTORY_QUERY_KEY } from "../../../lib/history/history-queries.ts";
import { useApi, useSessionStatus } from "../../../lib/session/session-context.tsx";
import { WALLETS_QUERY_KEY } from "../../../lib/wallets/wallet-queries.ts";

export type Deposit = components["schemas"]["Deposit"];
export type DepositList = components["schemas"]["DepositList"];
export type DepositTemplates = components["schemas"]["DepositTemplates"]["templates"];
export type Duration = DepositTemplates[number]["durations"][number];
export type OpenDraft = { currency: string; productType: "FIX" | "FLEX"; months: number; amount: string };

const DEPOSITS_KEY = ["deposits"] as const;

/** GET /v1/deposits/templates: per currency, the offered durations (public). */
export function useDepositTemplates() {
  const api = useApi();
  return useQuery({
    queryKey: ["deposits", "templates"],
    queryFn: () => unwrap(api.GET("/v1/deposits/templates")),
    staleTime: 60_000,
  });
}

/** GET /v1/deposits/: the open deposits and their totals in the merchant's fiat. */
export function useDeposits() {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  return useQuery({
    queryKey: [...DEPOSITS_KEY, "open"],
    queryFn: () => unwrap(api.GET("/v1/deposits/", { params: { query: { closed: "false", limit: 100 } } })),
    enabled: signedIn,
  });
}

/** After money moved: the deposits, the wallets and the history are read again (spec §4). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: DEPOSITS_KEY });
    void queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
  };
}

/** POST /v1/deposits/ with the action's Idempotency-Key (a retry of the same draft keeps it). */
export function useOpenDeposit() {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ draft, key }: { draft: OpenDraft; key: string }) =>
      unwrap(api.POST("/v1/deposits/", { body: draft, headers: { "idempotency-key": key } })),
    onSuccess: refresh,
  });
}

/** POST /v1/deposits/{depositId}/close; the deposit id names the action, so its key is stable. */
export function useCloseDeposit() {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ depositId, key }: { depositId: string; key: string }) =>
      unwrap(
        api.POST("/v1/deposits/{depositId}/close", {
          params: { path: { depositId } },
          headers: { "idempotency-key": key },
        }),
      ),
    onSuccess: refresh,
  });
}
