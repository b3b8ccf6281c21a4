import type { CurrencyCode } from "@kestrel/money";
import type { Config } from "../../config.ts";
import type { ClientSource } from "../../db/transaction.ts";
import type { ChainProvider } from "./chain-provider.ts";
import { createEvmChain } from "./evm-chain.ts";
import { createEvmWithdrawals } from "./evm-withdrawals.ts";

/**
 * One chain provider per currency, by configuration (CHAIN_ETH=evm …): the currencies an EVM
 * network carries go to it, every other one to the default (the sandbox chain, or unavailable).
 */
export function routeChains(
  fallback: ChainProvider,
  evm: { currencies: readonly string[]; provider: ChainProvider } | undefined,
): ChainProvider {
  if (!evm) return fallback;
  const pick = (currency: CurrencyCode) => (evm.currencies.includes(currency) ? evm.provider : fallback);
  return {
    networkFee: (currency) => pick(currency).networkFee(currency),
    broadcastWithdrawal: (order) => pick(order.currency).broadcastWithdrawal(order),
  };
}

/** The chain provider of this configuration: the EVM network's currencies routed to it. */
export function chainProviderFor(config: Config, db: ClientSource, fallback: ChainProvider): ChainProvider {
  if (!config.evm) return fallback;
  const withdrawals = createEvmWithdrawals({ db, evm: createEvmChain(config.evm) });
  // The first fee quote is asked for at start, so the first send screen does not wait for it.
  void withdrawals.refreshFee();
  return routeChains(fallback, { currencies: config.evm.currencies, provider: withdrawals });
}
