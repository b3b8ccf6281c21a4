import { unwrap } from "@kestrel/api-client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi, useSessionStatus } from "../../../lib/session/session-context.tsx";
import { WALLETS_QUERY_KEY, type Wallets } from "../../../lib/wallets/wallet-queries.ts";

/**
 * The wallets a deposit can go to: every crypto currency the merchant offers on a network gets
 * a wallet (POST /v2/wallets opens the missing ones, so a new customer has an address to
 * receive to); asked again while an address is still being made ('GETTING').
 */
export function useReceiveWallets() {
  const api = useApi();
  const queryClient = useQueryClient();
  const signedIn = useSessionStatus() === "signedIn";
  return useQuery({
    queryKey: [...WALLETS_QUERY_KEY, "receive"],
    queryFn: async (): Promise<Wallets> => {
      const [catalog, current] = await Promise.all([
        unwrap(api.GET("/v1/catalog/currencies")),
        unwrap(api.GET("/v3/wallets")),
      ]);
      const have = new Set(current.wallets.map((wallet) => wallet.currency));
      const missing = catalog.data
        .filter((c) => c.type === "crypto" && c.networks.length > 0 && !have.has(c.code))
        .map((c) => c.code);
      if (missing.length === 0) return current;
      await unwrap(api.POST("/v2/wallets", { body: { currencies: missing.slice(0, 20) } }));
      void queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY, exact: true });
      return unwrap(api.GET("/v3/wallets"));
    },
    enabled: signedIn,
    refetchInterval: (query) =>
      query.state.data?.wallets.some((w) => w.network !== null && w.walletCreationState !== "READY")
        ? 3000
        : false,
  });
}
