import { unwrap } from "@kestrel/api-client";
import type { components } from "@kestrel/api-contract";
import { useQuery } from "@tanstack/react-query";
import { useApi, useSessionStatus } from "../session/session-context.tsx";

export type Wallet = components["schemas"]["Wallet"];
export type Wallets = components["schemas"]["Wallets"];

export const WALLETS_QUERY_KEY = ["wallets"] as const;

/** GET /v3/wallets: every wallet with its balance, fiat value and deposit address. */
export function useWallets() {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  return useQuery({
    queryKey: WALLETS_QUERY_KEY,
    queryFn: () => unwrap(api.GET("/v3/wallets")),
    enabled: signedIn,
    refetchOnWindowFocus: true,
  });
}
