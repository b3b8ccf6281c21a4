import type { CurrencyCode } from "@kestrel/money";
import type { Config } from "../../config.ts";
import type { ClientSource } from "../../db/transaction.ts";
import type { ChainProvider } from "./chain-provider.ts";
import { createEvmChain } from "./evm-chain.ts";
import { createEvmWithdrawals } from "./evm-withdrawals.ts";
import { createUtxoChain } from "./utxo-chain.ts";
import { createUtxoWithdrawals } from "./utxo-withdrawals.ts";

/**
 * One chain provider per currency, by configuration (CHAIN_ETH=evm …): the currencies an EVM
 * network carries go to it, every other one to the default (the sandbox chain, or unavailable).
 */
function routeChains(
  fallback: ChainProvider,
  routes: { currencies: readonly string[]; provider: ChainProvider }[],
): ChainProvider {
  if (routes.length === 0) return fallback;
  const pick = (currency: CurrencyCode) =>
    routes.find((r) => r.currencies.includes(currency))?.provider ?? fallback;
  return {
    networkFee: (currency) => pick(currency).networkFee(currency),
    broadcastWithdrawal: (order) => pick(order.currency).broadcastWithdrawal(order),
    withdrawalStatus: async (currency, reference) => {
      const provider = pick(currency);
      return provider.withdrawalStatus ? provider.withdrawalStatus(currency, reference) : null;
    },
  };
}

/** The currencies a configured node carries (CHAIN_<CUR>=evm or utxo); the others are the sandbox chain's. */
export function nodeCurrencies(config: Config): string[] {
  return [...(config.evm?.currencies ?? []), ...config.utxo.map((u) => u.currency)];
}

/** The chain provider of this configuration: each configured node's currencies routed to it. */
export function chainProviderFor(config: Config, db: ClientSource, fallback: ChainProvider): ChainProvider {
  const routes: { currencies: readonly string[]; provider: ChainProvider }[] = config.utxo.map((u) => ({
    currencies: [u.currency],
    provider: createUtxoWithdrawals({ db, chain: createUtxoChain(u), config: u }),
  }));
  if (config.evm) {
    const withdrawals = createEvmWithdrawals({ db, evm: createEvmChain(config.evm) });
    // The first fee quote is asked for at start, so the first send screen does not wait for it.
    void withdrawals.refreshFee();
    routes.push({ currencies: config.evm.currencies, provider: withdrawals });
  }
  return routeChains(fallback, routes);
}
