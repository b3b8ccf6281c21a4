import type { CurrencyCode } from "@kestrel/money";
import type { Chain } from "../../db/schema/chain.ts";

export type { Chain };

/**
 * How a currency travels on a chain. `network` is the name the catalog's currencies list
 * (GET /v1/catalog/currencies `networks`); confirmations are the sandbox's defaults (BTC 2, ETH
 * 12, as the issue asks; Litecoin's usual 6, Dogecoin's too; TRON's 19 blocks to a solidified block).
 */
export type CurrencyNetwork = {
  currency: CurrencyCode;
  chain: Chain;
  network: "BTC" | "DOGE" | "ERC20" | "LTC" | "TRC20";
  networkName: string;
  /** Set for a token: its standard (the contract address is the provider's business). */
  tokenStandard: "ERC20" | null;
  confirmations: number;
};

const NETWORKS: Partial<Record<CurrencyCode, CurrencyNetwork>> = {
  BTC: net("BTC", "bitcoin", "BTC", "Bitcoin", null, 2),
  ETH: net("ETH", "ethereum", "ERC20", "Ethereum", null, 12),
  USDT: net("USDT", "ethereum", "ERC20", "Ethereum (ERC-20)", "ERC20", 12),
  USDC: net("USDC", "ethereum", "ERC20", "Ethereum (ERC-20)", "ERC20", 12),
  DAI: net("DAI", "ethereum", "ERC20", "Ethereum (ERC-20)", "ERC20", 12),
  LTC: net("LTC", "litecoin", "LTC", "Litecoin", null, 6),
  DOGE: net("DOGE", "dogecoin", "DOGE", "Dogecoin", null, 6),
  TRX: net("TRX", "tron", "TRC20", "TRON", null, 19),
};

function net(
  currency: CurrencyCode,
  chain: Chain,
  network: CurrencyNetwork["network"],
  networkName: string,
  tokenStandard: CurrencyNetwork["tokenStandard"],
  confirmations: number,
): CurrencyNetwork {
  return { currency, chain, network, networkName, tokenStandard, confirmations };
}

/** The currency's network, or undefined for fiat and coins we have no chain for. */
export function networkOf(currency: string): CurrencyNetwork | undefined {
  return NETWORKS[currency as CurrencyCode];
}

/**
 * A chain transaction's page on its network's explorer, from the configured templates
 * (EXPLORER_<NETWORK>_TX_URL); null for a network with none.
 */
export function explorerTxUrls(templates: Partial<Record<string, string>>) {
  return (network: string, txHash: string): string | null =>
    templates[network]?.replace("{txHash}", encodeURIComponent(txHash)) ?? null;
}

export const CHAIN_NAMES: Record<Chain, string> = {
  bitcoin: "Bitcoin",
  dogecoin: "Dogecoin",
  ethereum: "Ethereum",
  litecoin: "Litecoin",
  tron: "TRON",
};
