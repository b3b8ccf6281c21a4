import { getCurrency } from "@kestrel/money";
import type { ExchangePair } from "./api/exchange-calls.ts";

/** One entry of a wallet chooser: searchable by code and name (spec §5). */
export type WalletChoice = {
  currency: string;
  name: string;
  /** Available balance (decimal string), for the wallets the customer pays from. */
  available?: string;
  locked?: boolean;
};

type WalletLike = { currency: string; name: string; availableBalance: string };

const nameOf = (currency: string) => getCurrency(currency)?.name ?? currency;

/** The wallets that can pay for an exchange: those whose currency starts some pair. */
export function fromChoices(wallets: readonly WalletLike[], pairs: readonly ExchangePair[]): WalletChoice[] {
  return wallets
    .filter((w) => pairs.some((p) => p.currencyFrom === w.currency))
    .map((w) => ({
      currency: w.currency,
      name: w.name || nameOf(w.currency),
      available: w.availableBalance,
    }));
}

/** What `from` can become; a locked pair is listed but cannot be chosen. */
export function toChoices(pairs: readonly ExchangePair[], from: string | undefined): WalletChoice[] {
  return pairs
    .filter((p) => p.currencyFrom === from)
    .map((p) => ({ currency: p.currencyTo, name: nameOf(p.currencyTo), locked: p.lock }));
}

export function pairOf(pairs: readonly ExchangePair[], from: string | undefined, to: string | undefined) {
  return pairs.find((p) => p.currencyFrom === from && p.currencyTo === to);
}
