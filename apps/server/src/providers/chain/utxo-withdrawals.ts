import { toDecimalString } from "@kestrel/money";
import type { UtxoNetworkConfig } from "../../config.ts";
import type { ClientSource } from "../../db/transaction.ts";
import type { ChainNotification } from "./chain-notification.ts";
import type { WithdrawalOrder } from "./chain-provider.ts";
import { evmSentSql as sql } from "./evm-withdrawals.repository.ts";
import { REPLACE_AFTER_BLOCKS } from "./evm-withdrawals.ts";
import type { UtxoChain } from "./utxo-chain.ts";
import { UtxoRpcError } from "./utxo-rpc.ts";

/**
 * A withdrawal's usual size, one input, a payment and a change output (virtual bytes): P2WPKH
 * on Bitcoin and Litecoin; P2PKH on Dogecoin, which has no SegWit.
 */
const TYPICAL_VSIZE = { bitcoin: 141n, litecoin: 141n, dogecoin: 226n } as const;
/** A replacement's fee rate over the stuck one's (BIP125 asks more than the old fee; +25 % as on EVM). */
const BUMP_PERCENT = 125n;

/** Bitcoin Core's wallet asks a replacement at least this much more per vbyte (sat/vB). */
const WALLET_INCREMENTAL_FEE = 5n;

type WalletTx = { txid: string; comment?: string; category: string; confirmations: number };
type WalletTxDetail = { confirmations: number; walletconflicts: string[]; replaced_by_txid?: string };

/**
 * Withdrawals through a Bitcoin-family node's wallet (the hot wallet lives in the node):
 * `sendtoaddress` at the configured fee rate, with the withdrawal id as the wallet's comment, so
 * a retried broadcast finds the payment it already made instead of paying twice; the txid is
 * recorded in chain_sent_transactions for the block follower, which counts its confirmations.
 * Sent replaceable (BIP125): one left out of REPLACE_AFTER_BLOCKS blocks is bumped (`bumpfee`).
 */
export function createUtxoWithdrawals(deps: {
  db: ClientSource;
  chain: UtxoChain;
  config: UtxoNetworkConfig;
}) {
  const { chain, config } = deps;

  /** The wallet's payment made for this withdrawal, if any (its comment is the reference). */
  async function paidFor(reference: string): Promise<WalletTx | undefined> {
    const txs = await chain.rpc<WalletTx[]>("listtransactions", ["*", 1000, 0, true]);
    return txs.find((t) => t.category === "send" && t.comment === reference);
  }

  return {
    /** What the customer pays the network: the fee rate × a typical withdrawal's size. */
    networkFee: (): bigint => BigInt(Math.ceil(config.feeRate)) * TYPICAL_VSIZE[config.chain],

    async broadcastWithdrawal(order: WithdrawalOrder): Promise<{ txHash: string }> {
      const merchantId = await deps.db.withClient((c) => sql.withdrawalMerchant(c, order.reference));
      if (!merchantId) throw new Error(`withdrawal ${order.reference} not found`);
      const recorded = await deps.db.withClient((c) => sql.find(c, merchantId, order.reference));
      if (recorded) return { txHash: recorded.txHash };
      let txid = (await paidFor(order.reference))?.txid;
      if (!txid) {
        const to = await chain.nodeAddress(order.toAddress);
        // address, amount, comment, comment_to, subtract fee, replaceable, conf_target, estimate_mode, avoid_reuse, fee_rate
        txid = await chain.rpc<string>("sendtoaddress", [
          to,
          toDecimalString(order.amount, order.currency),
          order.reference,
          "",
          false,
          true,
          null,
          "unset",
          false,
          config.feeRate,
        ]);
      }
      const head = await chain.head();
      await deps.db.withClient((c) =>
        sql.insert(c, {
          merchantId,
          reference: order.reference,
          network: chain.network,
          sender: "wallet",
          nonce: 0,
          txHash: txid,
          gas: 0n,
          maxFeePerGas: BigInt(Math.ceil(config.feeRate)),
          maxPriorityFeePerGas: 0n,
          sentAtHeight: head,
        }),
      );
      return { txHash: txid };
    },

    /**
     * Confirmations of the withdrawals under way. One in no block REPLACE_AFTER_BLOCKS after it
     * was sent is below the network's fee: the wallet bumps it. One the wallet sees conflicted
     * failed, unless what replaced it is our own payment of it (a bump, or the stuck original
     * mined after all): the record then follows that one.
     */
    async watch(head: number, notify: (n: ChainNotification) => Promise<void>): Promise<void> {
      const rows = await deps.db.withClient((c) => sql.underWay(c, chain.network));
      for (const s of rows) {
        const receipt = await chain.receipt(s.txHash);
        let conflicted = false;
        if (!receipt) {
          const wallet = await chain.rpc<WalletTxDetail>("gettransaction", [s.txHash]);
          if (wallet.confirmations < 0) {
            const ours = await minedConflict(wallet.walletconflicts);
            if (ours) {
              await deps.db.withClient((c) => sql.replace(c, { ...s, txHash: ours, sentAtHeight: head }));
              continue;
            }
            conflicted = true;
          } else {
            const replacement = wallet.replaced_by_txid;
            if (replacement && (await inMempool(replacement))) {
              // Bumped by a pass that died before recording it: follow the replacement.
              await deps.db.withClient((c) =>
                sql.replace(c, { ...s, txHash: replacement, sentAtHeight: head }),
              );
            } else if (!replacement && head - s.sentAtHeight >= REPLACE_AFTER_BLOCKS) await bump(s, head);
            continue;
          }
        }
        const confirmations = receipt ? head - receipt.blockNumber + 1 : 0;
        await notify({
          txHash: s.txHash,
          outputIndex: 0,
          chain: chain.chain,
          currency: config.currency,
          direction: "OUT",
          address: s.toAddress,
          fromAddress: null,
          amount: toDecimalString(s.amount, config.currency),
          networkFee: toDecimalString(s.networkFee, config.currency),
          confirmations,
          requiredConfirmations: config.confirmations,
          status: conflicted ? "FAILED" : confirmations >= config.confirmations ? "CONFIRMED" : "PENDING",
          reference: s.reference,
          failureReason: conflicted ? "The transaction was replaced on the network." : null,
        });
      }
    },
  };

  /** Whether the node's mempool holds `txid` (it relays it). */
  async function inMempool(txid: string): Promise<boolean> {
    try {
      await chain.rpc("getmempoolentry", [txid]);
      return true;
    } catch (err) {
      if (err instanceof UtxoRpcError) return false;
      throw err;
    }
  }

  /** A conflicting transaction of our wallet that is in a block now (so it paid), if any. */
  async function minedConflict(txids: string[]): Promise<string | undefined> {
    for (const txid of txids) {
      const other = await chain.rpc<WalletTxDetail>("gettransaction", [txid]);
      if (other.confirmations > 0) return txid;
    }
    return undefined;
  }

  /**
   * Replaces a stuck payment through the wallet: same inputs, the same payment, a higher fee
   * (out of the change: the hot wallet pays the difference, the customer paid the rate shown).
   * Recorded at once, so the follower watches the replacement and waits again before another.
   * A node whose mempool refuses replacements (Litecoin Core: txn-mempool-conflict) keeps the
   * original: the wallet's unsent replacement is abandoned, the original stays the record, and
   * it is not bumped again (the wallet marks it replaced).
   */
  async function bump(s: Awaited<ReturnType<typeof sql.underWay>>[number], head: number): Promise<void> {
    // At least the incremental fee more (BIP125 rule 4): the node's, or its wallet's 5 sat/vB.
    const { incrementalfee } = await chain.rpc<{ incrementalfee: number }>("getnetworkinfo");
    const incremental = BigInt(Math.ceil((incrementalfee * 1e8) / 1000));
    const feeRate = [
      BigInt(Math.ceil(config.feeRate)),
      (s.maxFeePerGas * BUMP_PERCENT + 99n) / 100n,
      s.maxFeePerGas + (incremental > WALLET_INCREMENTAL_FEE ? incremental : WALLET_INCREMENTAL_FEE),
    ].reduce((a, b) => (a > b ? a : b));
    let txid: string;
    try {
      ({ txid } = await chain.rpc<{ txid: string }>("bumpfee", [s.txHash, { fee_rate: Number(feeRate) }]));
    } catch (err) {
      // The wallet refuses (too little change for the fee...): it stays stuck and is tried again
      // next pass; deposits must not wait for it.
      if (err instanceof UtxoRpcError) return;
      throw err;
    }
    if (!(await inMempool(txid))) {
      await chain.rpc("abandontransaction", [txid]);
      return;
    }
    await deps.db.withClient((c) =>
      sql.replace(c, { ...s, txHash: txid, maxFeePerGas: feeRate, sentAtHeight: head }),
    );
  }
}
