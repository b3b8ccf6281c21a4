import {
  type Address,
  createPublicClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hash,
  type Hex,
  HttpRequestError,
  http,
  keccak256,
  parseEventLogs,
  TimeoutError,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { EvmConfig, EvmCurrency, UtxoNetworkConfig } from "../../config.ts";
import { commonErrors } from "../../http/app-error.ts";
import type { ChainTransfer } from "./chain-reader.ts";

/** What a transfer of `currency` costs now (EIP-1559): gas limit × max fee per gas, in wei. */
export type EvmFeeQuote = { gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; fee: bigint };

/** Gas a plain ETH transfer uses; an ERC-20 transfer is estimated, this is its usual ceiling. */
const ETH_TRANSFER_GAS = 21_000n;
const TOKEN_TRANSFER_GAS = 100_000n;

export type EvmChain = ReturnType<typeof createEvmChain>;

/**
 * An EVM node over JSON-RPC (viem): what the block follower reads (heads, blocks, token
 * Transfer logs, receipts) and what withdrawals write (signed EIP-1559 transactions). A node
 * that cannot be reached is SERVICE_UNAVAILABLE (503 with Retry-After), never a 500.
 */
export function createEvmChain(config: EvmConfig) {
  const chain = defineChain({
    id: config.chainId,
    name: `EVM ${config.chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
  });
  const transport = http(config.rpcUrl, { timeout: 10_000, retryCount: 0 });
  const client = createPublicClient({ chain, transport });
  const tokenOf = new Map<string, EvmCurrency>(
    Object.entries(config.tokens).map(([currency, address]) => [
      address.toLowerCase(),
      currency as EvmCurrency,
    ]),
  );
  const tokenAddresses = [...tokenOf.keys()].map((a) => getAddress(a));
  const hotWallet = config.hotWalletKey ? privateKeyToAccount(config.hotWalletKey) : undefined;

  return {
    /** The follower's name for this network (its state row). */
    network: `evm:${config.chainId}`,
    chain: "ethereum" as const,
    confirmations: config.confirmations,
    currencies: config.currencies,
    hotWalletAddress: hotWallet?.address,

    head: () => reach(async () => Number(await client.getBlockNumber({ cacheTime: 0 }))),

    /** The hash of the block at `height` in the chain the node follows now. */
    blockHash: (height: number) =>
      reach(async () => (await client.getBlock({ blockNumber: BigInt(height) })).hash as Hash),

    /**
     * Native and token payments in blocks from..to (inclusive). Output index: 0 for the
     * transaction's own value, log index + 1 for a token log (one transaction may carry both).
     */
    async transfers(from: number, to: number): Promise<ChainTransfer[]> {
      return reach(async () => {
        const found: ChainTransfer[] = [];
        if (config.currencies.includes("ETH")) {
          for (let n = from; n <= to; n++) {
            const block = await client.getBlock({ blockNumber: BigInt(n), includeTransactions: true });
            for (const tx of block.transactions) {
              if (!tx.to || tx.value === 0n) continue;
              found.push({
                currency: "ETH",
                txHash: tx.hash,
                outputIndex: 0,
                blockNumber: n,
                blockHash: block.hash as Hash,
                from: getAddress(tx.from),
                to: getAddress(tx.to),
                amount: tx.value,
              });
            }
          }
        }
        if (tokenAddresses.length > 0) {
          const logs = await client.getLogs({
            address: tokenAddresses,
            fromBlock: BigInt(from),
            toBlock: BigInt(to),
          });
          for (const log of parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs })) {
            const currency = tokenOf.get(log.address.toLowerCase());
            if (!currency || !config.currencies.includes(currency) || log.args.value === 0n) continue;
            found.push({
              currency,
              txHash: log.transactionHash,
              outputIndex: log.logIndex + 1,
              blockNumber: Number(log.blockNumber),
              blockHash: log.blockHash,
              from: getAddress(log.args.from),
              to: getAddress(log.args.to),
              amount: log.args.value,
            });
          }
        }
        return found;
      });
    },

    /**
     * Where a transaction is now: in a block (and whether it succeeded), or in none as this node
     * knows it (null: behind a load-balanced URL, possibly a node that lags).
     */
    receipt: (txHash: string) =>
      reach(async () => {
        try {
          const r = await client.getTransactionReceipt({ hash: txHash as Hash });
          return {
            blockNumber: Number(r.blockNumber),
            blockHash: r.blockHash as string,
            success: r.status === "success",
          };
        } catch (err) {
          if (err instanceof Error && err.name === "TransactionReceiptNotFoundError") return null;
          throw err;
        }
      }),

    /** The EIP-1559 fee of one transfer of `currency` now, in wei (paid by the hot wallet). */
    feeQuote: (currency: EvmCurrency) =>
      reach(async (): Promise<EvmFeeQuote> => {
        const { maxFeePerGas, maxPriorityFeePerGas } = await client.estimateFeesPerGas();
        const gas = currency === "ETH" ? ETH_TRANSFER_GAS : TOKEN_TRANSFER_GAS;
        return { gas, maxFeePerGas, maxPriorityFeePerGas, fee: gas * maxFeePerGas };
      }),

    /** The hot wallet's next nonce as the node counts it, pending transactions included. */
    pendingNonce: () =>
      reach(async () => {
        if (!hotWallet) throw new Error("no hot wallet");
        return client.getTransactionCount({ address: hotWallet.address, blockTag: "pending" });
      }),

    /** How many of `sender`'s transactions are in blocks: a nonce below it is spent. */
    minedNonce: (sender: Address) =>
      reach(() => client.getTransactionCount({ address: sender, blockTag: "latest" })),

    /** `sender`'s transaction with `nonce` in blocks from..to (newest first), with its fees; else undefined. */
    findByNonce: (sender: Address, nonce: number, from: number, to: number) =>
      reach(async () => {
        for (let n = to; n >= from; n--) {
          const block = await client.getBlock({ blockNumber: BigInt(n), includeTransactions: true });
          const tx = block.transactions.find(
            (t) => t.nonce === nonce && getAddress(t.from) === getAddress(sender),
          );
          if (tx) {
            return {
              hash: tx.hash,
              maxFeePerGas: tx.maxFeePerGas ?? tx.gasPrice ?? 0n,
              maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? 0n,
            };
          }
        }
        return undefined;
      }),

    /**
     * Signs a transfer with the given nonce and fees. Deterministic (RFC 6979): the same
     * transfer signed again is the same bytes and hash, so a retried broadcast re-sends it.
     */
    sign: (t: {
      currency: EvmCurrency;
      to: Address;
      amount: bigint;
      nonce: number;
      fee: Pick<EvmFeeQuote, "gas" | "maxFeePerGas" | "maxPriorityFeePerGas">;
    }) => {
      if (!hotWallet) {
        throw commonErrors.create("SERVICE_UNAVAILABLE", {
          message: "Sending on this network is not configured.",
          headers: { "retry-after": "60" },
        });
      }
      const token = t.currency === "ETH" ? undefined : config.tokens[t.currency];
      return hotWallet.signTransaction({
        chainId: config.chainId,
        type: "eip1559",
        to: token ?? t.to,
        value: token ? 0n : t.amount,
        data: token
          ? encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [t.to, t.amount] })
          : undefined,
        nonce: t.nonce,
        gas: t.fee.gas,
        maxFeePerGas: t.fee.maxFeePerGas,
        maxPriorityFeePerGas: t.fee.maxPriorityFeePerGas,
      });
    },

    /** Hands signed bytes to the node; a transaction it already has is no error. */
    sendRaw: (raw: Hex) =>
      reach(async () => {
        const hash = keccak256(raw);
        try {
          await client.sendRawTransaction({ serializedTransaction: raw });
        } catch (err) {
          const known = await client.getTransaction({ hash }).then(
            () => true,
            () => false,
          );
          if (!known) throw err;
        }
        return hash;
      }),
  };
}

/** M of a currency carried by a configured node (EVM_CONFIRMATIONS, UTXO_<CUR>_CONFIRMATIONS). */
export function confirmationsOfNodes(config: EvmConfig | undefined, utxo: UtxoNetworkConfig[] = []) {
  return (currency: string): number | undefined =>
    config && (config.currencies as string[]).includes(currency)
      ? config.confirmations
      : utxo.find((u) => u.currency === currency)?.confirmations;
}

/** A node that does not answer is the caller's 503 (try again); anything else is a bug. */
async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof HttpRequestError || err instanceof TimeoutError) {
      throw commonErrors.create("SERVICE_UNAVAILABLE", {
        message: "The network's node cannot be reached right now. Please try again later.",
        headers: { "retry-after": "30" },
      });
    }
    throw err;
  }
}
