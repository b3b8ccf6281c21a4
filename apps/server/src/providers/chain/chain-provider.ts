import type { CurrencyCode } from "@kestrel/money";
import { commonErrors } from "../../http/app-error.ts";
import { standIn } from "../party-coverage.ts";
import type { Chain } from "./chain-networks.ts";
import type { ChainNotification } from "./chain-notification.ts";

/** A withdrawal the ledger has reserved money for, to be put on the chain. */
export type WithdrawalOrder = {
  /** Our withdrawal id: the chain provider broadcasts it once, however often it is asked. */
  reference: string;
  chain: Chain;
  currency: CurrencyCode;
  toAddress: string;
  /** Minor units. */
  amount: bigint;
  networkFee: bigint;
};

/**
 * The chain as an outside party: it tells the server about transactions by signed
 * notifications (chain-notification.ts) and puts withdrawals on the chain. The sandbox
 * implementation simulates the networks; a custody or node adapter replaces it by configuration.
 */
export interface ChainProvider {
  /** What the network charges for a withdrawal now, in the currency's minor units. */
  networkFee(currency: CurrencyCode): bigint;
  /** Broadcasts (idempotent by reference); its progress arrives as notifications. */
  broadcastWithdrawal(order: WithdrawalOrder): Promise<{ txHash: string }>;
  /**
   * A withdrawal's state now, by our reference, like a custody API's GET (null: never broadcast).
   * Optional: a provider without a lookup leaves it out and an operator's "ask again" says so.
   */
  withdrawalStatus?(currency: CurrencyCode, reference: string): Promise<ChainNotification | null>;
}

/** Task names of the chain's background jobs (jobs/chain-jobs.ts). */
export const CHAIN_BROADCAST_TASK = "chain_broadcast_withdrawal";
export const SANDBOX_CHAIN_TICK_TASK = "chain_sandbox_tick";

/** Outside sandbox mode until a production adapter exists: sends to addresses answer 503. */
export function unavailableChain(): ChainProvider {
  const refuse = (): never => {
    throw commonErrors.create("SERVICE_UNAVAILABLE", {
      message: "Sending to wallet addresses is not available right now. Please try again later.",
    });
  };
  return standIn({ networkFee: refuse, broadcastWithdrawal: async () => refuse() });
}
