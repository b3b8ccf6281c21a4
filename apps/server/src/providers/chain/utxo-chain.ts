import type { CurrencyCode } from "@kestrel/money";
import { bech32 } from "@scure/base";
import type { UtxoNetworkConfig } from "../../config.ts";
import type { ChainReader, ChainTransfer } from "./chain-reader.ts";
import { createUtxoRpc, UtxoRpcError } from "./utxo-rpc.ts";

/** Mainnet and test-network bech32 prefixes: the product spells addresses as on mainnet. */
const HRP: Record<UtxoNetworkConfig["chain"], { main: string; test: string; regtest: string }> = {
  bitcoin: { main: "bc", test: "tb", regtest: "bcrt" },
  litecoin: { main: "ltc", test: "tltc", regtest: "rltc" },
};

type BlockTx = { txid: string; vout: { value: number; n: number; scriptPubKey: { hex: string } }[] };

/**
 * A Bitcoin-family node over JSON-RPC (BTC, LTC; DOGE speaks the same) as the block follower
 * reads it. Our deposit addresses are P2WPKH: an output is matched by its script (`0014` + the
 * key hash), which is the same on every network, and named by its mainnet address, the product's
 * spelling. The node needs `-txindex` (a transaction's block is looked up by its id).
 */
export function createUtxoChain(config: UtxoNetworkConfig) {
  const rpc = createUtxoRpc(config.rpcUrl);
  const hrp = HRP[config.chain];

  /** The mainnet address of a P2WPKH script, else null (never one of our deposit addresses). */
  const addressOf = (scriptHex: string): string | null => {
    if (!/^0014[0-9a-f]{40}$/.test(scriptHex)) return null;
    const program = Buffer.from(scriptHex.slice(4), "hex");
    return bech32.encode(hrp.main, [0, ...bech32.toWords(program)]);
  };

  const reader: ChainReader = {
    network: `utxo:${config.chain}`,
    chain: config.chain,
    confirmations: config.confirmations,
    currencies: [config.currency],
    head: () => rpc<number>("getblockcount"),
    blockHash: (height) => rpc<string>("getblockhash", [height]),
    async transfers(from, to) {
      const found: ChainTransfer[] = [];
      for (let height = from; height <= to; height++) {
        const hash = await rpc<string>("getblockhash", [height]);
        const block = await rpc<{ tx: BlockTx[] }>("getblock", [hash, 2]);
        for (const tx of block.tx) {
          for (const out of tx.vout) {
            const address = addressOf(out.scriptPubKey.hex);
            if (!address || out.value <= 0) continue;
            found.push({
              currency: config.currency as CurrencyCode,
              txHash: tx.txid,
              outputIndex: out.n,
              blockNumber: height,
              from: null,
              to: address,
              amount: BigInt(Math.round(out.value * 1e8)),
            });
          }
        }
      }
      return found;
    },
    async receipt(txHash) {
      try {
        const tx = await rpc<{ blockhash?: string }>("getrawtransaction", [txHash, true]);
        if (!tx.blockhash) return null;
        const header = await rpc<{ height: number; confirmations: number }>("getblockheader", [tx.blockhash]);
        // -1: the block is no longer in the best chain.
        return header.confirmations < 0 ? null : { blockNumber: header.height, success: true };
      } catch (err) {
        // -5: no such transaction (neither in a block nor in the mempool).
        if (err instanceof UtxoRpcError && err.code === -5) return null;
        throw err;
      }
    },
  };

  return {
    ...reader,
    rpc,
    /** The same address as this node's network spells it (regtest and testnets differ). */
    async nodeAddress(mainnetAddress: string): Promise<string> {
      const { chain } = await rpc<{ chain: string }>("getblockchaininfo");
      const prefix = chain === "main" ? hrp.main : chain === "regtest" ? hrp.regtest : hrp.test;
      const decoded = bech32.decode(mainnetAddress as `${string}1${string}`);
      return bech32.encode(prefix, decoded.words);
    },
  };
}

export type UtxoChain = ReturnType<typeof createUtxoChain>;
