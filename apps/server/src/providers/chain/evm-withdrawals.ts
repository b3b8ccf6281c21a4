import { type CurrencyCode, parseAmount, toDecimalString } from "@kestrel/money";
import { type Address, type Hash, keccak256 } from "viem";
import type { EvmCurrency } from "../../config.ts";
import { type ClientSource, inTransaction } from "../../db/transaction.ts";
import { commonErrors } from "../../http/app-error.ts";
import type { ChainNotification } from "./chain-notification.ts";
import type { WithdrawalOrder } from "./chain-provider.ts";
import type { EvmChain, EvmFeeQuote } from "./evm-chain.ts";
import { evmSentSql as sql } from "./evm-withdrawals.repository.ts";

/** How old a fee estimate may be before the next one is asked for. */
const FEE_TTL_MS = 15_000;
/** Blocks a sent transaction may sit in no block before it is replaced with higher fees. */
export const REPLACE_AFTER_BLOCKS = 5;
/** A replacement's fees over the stuck one's (nodes ask at least +10 %). */
const BUMP_PERCENT = 125n;
/**
 * What a token withdrawal costs the customer, in the token: the hot wallet pays the gas in ETH,
 * and there is no ETH→token rate feed here to convert an estimate (docs/chains.md).
 */
const TOKEN_NETWORK_FEES: Partial<Record<EvmCurrency, string>> = { USDT: "2.5", USDC: "2.5", DAI: "2.5" };

/**
 * Withdrawals on an EVM network: EIP-1559 fees estimated (what the customer is shown and pays
 * for ETH), one nonce sequence per hot wallet (chain_sender_nonces), each withdrawal signed
 * once and recorded (chain_sent_transactions) before it is sent, so a retried broadcast re-sends
 * the same bytes; the block follower watches them (`watch`) and replaces a stuck one.
 */
export function createEvmWithdrawals(deps: { db: ClientSource; evm: EvmChain }) {
  const { evm } = deps;
  let quote: { at: number; value: EvmFeeQuote } | undefined;
  let refreshing: Promise<void> | undefined;

  function refreshFee(): Promise<void> {
    refreshing ??= evm
      .feeQuote("ETH")
      .then((value) => {
        quote = { at: Date.now(), value };
      })
      .catch(() => undefined)
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  const sender = () => {
    const address = evm.hotWalletAddress;
    if (!address) {
      throw commonErrors.create("SERVICE_UNAVAILABLE", {
        message: "Sending on this network is not configured.",
        headers: { "retry-after": "60" },
      });
    }
    return address;
  };

  return {
    /** Asks the node for a fee estimate now (at start, so the first quote does not wait). */
    refreshFee,

    /**
     * The network fee a customer pays, in the currency's minor units: for ETH the EIP-1559
     * estimate (gas × max fee per gas, refreshed every 15 s); for a token a flat fee in it.
     * No estimate yet (the node down since start) is a 503 with Retry-After.
     */
    networkFee(currency: CurrencyCode): bigint {
      const token = TOKEN_NETWORK_FEES[currency as EvmCurrency];
      if (token) {
        const parsed = parseAmount(token, currency);
        if (parsed.ok) return parsed.minor;
      }
      if (!quote || Date.now() - quote.at > FEE_TTL_MS) void refreshFee();
      if (!quote) {
        throw commonErrors.create("SERVICE_UNAVAILABLE", {
          message: "The network fee cannot be estimated right now. Please try again in a moment.",
          headers: { "retry-after": "5" },
        });
      }
      return quote.value.fee;
    },

    /** Signs, records and sends the withdrawal once; a repeat re-sends what was recorded. */
    async broadcastWithdrawal(order: WithdrawalOrder): Promise<{ txHash: string }> {
      const from = sender();
      const currency = order.currency as EvmCurrency;
      const transfer = { currency, to: order.toAddress as Address, amount: order.amount };
      const recorded = await deps.db.withClient(async (c) => {
        const merchantId = await sql.withdrawalMerchant(c, order.reference);
        if (!merchantId) throw new Error(`withdrawal ${order.reference} not found`);
        return { merchantId, sent: await sql.find(c, merchantId, order.reference) };
      });
      if (recorded.sent) {
        const raw = await evm.sign({ ...transfer, nonce: recorded.sent.nonce, fee: recorded.sent });
        return { txHash: await evm.sendRaw(raw) };
      }
      const [fee, nodeNonce, head] = await Promise.all([
        evm.feeQuote(currency),
        evm.pendingNonce(),
        evm.head(),
      ]);
      const raw = await inTransaction(deps.db, async (tx) => {
        const nonce = await sql.takeNonce(tx, evm.network, from, nodeNonce);
        const signed = await evm.sign({ ...transfer, nonce, fee });
        await sql.insert(tx, {
          merchantId: recorded.merchantId,
          reference: order.reference,
          network: evm.network,
          sender: from,
          nonce,
          txHash: evmHash(signed),
          gas: fee.gas,
          maxFeePerGas: fee.maxFeePerGas,
          maxPriorityFeePerGas: fee.maxPriorityFeePerGas,
          sentAtHeight: head,
        });
        return signed;
      });
      return { txHash: await evm.sendRaw(raw) };
    },

    /**
     * The follower's look at withdrawals under way: each one's state as a notification (OUT,
     * by reference) — confirmations once in a block, CONFIRMED at M, FAILED when reverted (the
     * withdrawal is then refunded by the existing use-case) — and a transaction in no block
     * REPLACE_AFTER_BLOCKS after it was sent is replaced with fees 25 % higher.
     */
    async watch(head: number, notify: (n: ChainNotification) => Promise<void>): Promise<void> {
      const rows = await deps.db.withClient((c) => sql.underWay(c, evm.network));
      const mined = new Map<string, number>();
      for (const row of rows) {
        let s = row;
        const currency = s.currency as EvmCurrency;
        let receipt = await evm.receipt(s.txHash as Hash);
        if (!receipt) {
          const sender = s.sender as Address;
          if (!mined.has(sender)) mined.set(sender, await evm.minedNonce(sender));
          if ((mined.get(sender) as number) <= s.nonce) {
            if (head - s.sentAtHeight >= REPLACE_AFTER_BLOCKS) await replace(s, currency, head);
            continue;
          }
          // Its nonce is spent, so one of its versions is in a block: the original (or an earlier
          // replacement) mined after the record moved on. A replacement is made only while the
          // nonce is unspent, so that block is at or after the record's sent height. The record
          // follows it, and the withdrawal goes on from its receipt.
          const found = await evm.findByNonce(sender, s.nonce, s.sentAtHeight, head);
          if (!found) continue; // in a block after `head`: the next pass finds it
          s = {
            ...s,
            txHash: found.hash,
            maxFeePerGas: found.maxFeePerGas,
            maxPriorityFeePerGas: found.maxPriorityFeePerGas,
          };
          const followed = s;
          await deps.db.withClient((c) => sql.replace(c, followed));
          receipt = await evm.receipt(s.txHash as Hash);
          if (!receipt) continue;
        }
        const confirmations = head - receipt.blockNumber + 1;
        await notify({
          txHash: s.txHash,
          outputIndex: 0,
          chain: "ethereum",
          currency,
          direction: "OUT",
          address: s.toAddress,
          fromAddress: s.sender,
          amount: toDecimalString(s.amount, currency),
          networkFee: toDecimalString(s.networkFee, currency),
          confirmations: receipt.success ? confirmations : 0,
          requiredConfirmations: evm.confirmations,
          status: !receipt.success ? "FAILED" : confirmations >= evm.confirmations ? "CONFIRMED" : "PENDING",
          reference: s.reference,
          failureReason: receipt.success ? null : "The transaction was reverted on the network.",
        });
      }
    },
  };

  async function replace(
    s: Awaited<ReturnType<typeof sql.underWay>>[number],
    currency: EvmCurrency,
    head: number,
  ): Promise<void> {
    const now = await evm.feeQuote(currency);
    const bump = (old: bigint, fresh: bigint) => {
      const bumped = (old * BUMP_PERCENT) / 100n;
      return bumped > fresh ? bumped : fresh;
    };
    const fee = {
      gas: s.gas,
      maxFeePerGas: bump(s.maxFeePerGas, now.maxFeePerGas),
      maxPriorityFeePerGas: bump(s.maxPriorityFeePerGas, now.maxPriorityFeePerGas),
    };
    const raw = await evm.sign({
      currency,
      to: s.toAddress as Address,
      amount: s.amount,
      nonce: s.nonce,
      fee,
    });
    // Recorded first: if the send fails, the next pass re-sends this one (same bytes).
    await deps.db.withClient((c) =>
      sql.replace(c, { ...s, ...fee, txHash: evmHash(raw), sentAtHeight: head }),
    );
    try {
      await evm.sendRaw(raw);
    } catch {
      // A replacement the node refuses (a hot wallet short of ETH for the higher fee, the
      // original mined meanwhile) must not stop the follower, which credits every deposit of
      // the network: the record waits REPLACE_AFTER_BLOCKS and is looked at again.
    }
  }
}

/** A signed transaction's hash. */
const evmHash = (raw: `0x${string}`): string => keccak256(raw);
