import { toDecimalString } from "@kestrel/money";
import type { UtxoNetworkConfig } from "../../config.ts";
import type { ClientSource } from "../../db/transaction.ts";
import type { ChainNotification } from "./chain-notification.ts";
import type { WithdrawalOrder } from "./chain-provider.ts";
import { evmSentSql as sql } from "./evm-withdrawals.repository.ts";
import type { UtxoChain } from "./utxo-chain.ts";

/** A withdrawal's usual size: one P2WPKH input, a payment and a change output (virtual bytes). */
const TYPICAL_VSIZE = 141n;

type WalletTx = { txid: string; comment?: string; category: string; confirmations: number };

/**
 * Withdrawals through a Bitcoin-family node's wallet (the hot wallet lives in the node):
 * `sendtoaddress` at the configured fee rate, with the withdrawal id as the wallet's comment, so
 * a retried broadcast finds the payment it already made instead of paying twice; the txid is
 * recorded in chain_sent_transactions for the block follower, which counts its confirmations.
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
    networkFee: (): bigint => BigInt(Math.ceil(config.feeRate)) * TYPICAL_VSIZE,

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

    /** Confirmations of the withdrawals under way; one the wallet sees conflicted failed. */
    async watch(head: number, notify: (n: ChainNotification) => Promise<void>): Promise<void> {
      const rows = await deps.db.withClient((c) => sql.underWay(c, chain.network));
      for (const s of rows) {
        const receipt = await chain.receipt(s.txHash);
        const conflicted =
          !receipt &&
          (await chain.rpc<{ confirmations: number }>("gettransaction", [s.txHash])).confirmations < 0;
        if (!receipt && !conflicted) continue;
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
}
