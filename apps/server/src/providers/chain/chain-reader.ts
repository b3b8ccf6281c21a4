import type { CurrencyCode } from "@kestrel/money";
import type { Chain } from "./chain-networks.ts";
import type { ChainNotification } from "./chain-notification.ts";

/** A payment found in a block, to an address in the product's own spelling of it. */
export type ChainTransfer = {
  currency: CurrencyCode;
  txHash: string;
  /** The output (UTXO) or transfer (0: an EVM transaction's value, log index + 1: a token log). */
  outputIndex: number;
  blockNumber: number;
  blockHash: string;
  from: string | null;
  to: string;
  amount: bigint;
};

/**
 * What the block follower (modules/crypto/chain-follower.ts) reads from one network's node:
 * an EVM node (evm-chain.ts) or a Bitcoin-family node (utxo-chain.ts). Each call reaches the
 * node; one that does not answer throws SERVICE_UNAVAILABLE.
 */
export interface ChainReader {
  /** The follower's name for the network (its state row), e.g. `evm:1`, `utxo:litecoin`. */
  network: string;
  chain: Chain;
  /** M: confirmations to credit at; must exceed the deepest reorganisation expected. */
  confirmations: number;
  currencies: readonly string[];
  head(): Promise<number>;
  blockHash(height: number): Promise<string>;
  /** Payments in blocks from..to (inclusive). */
  transfers(from: number, to: number): Promise<ChainTransfer[]>;
  /**
   * The block holding a transaction now, or null when the node knows it in none. Null is not
   * proof: a node behind its peers (one of a load-balanced URL's) answers so for a transaction in
   * a block it has not reached yet.
   */
  receipt(txHash: string): Promise<{ blockNumber: number; blockHash: string; success: boolean } | null>;
}

/** Withdrawals sent on the network, watched by the follower's pass. */
export interface WithdrawalWatcher {
  watch(head: number, notify: (n: ChainNotification) => Promise<void>): Promise<void>;
}
