import type { CurrencyCode } from "@kestrel/money";
import { bech32 } from "@scure/base";
import type { UtxoNetworkConfig } from "../../config.ts";
import { base58check, DOGECOIN_P2PKH } from "./address-derivation.ts";
import type { ChainReader, ChainTransfer } from "./chain-reader.ts";
import { createUtxoRpc, UtxoRpcError } from "./utxo-rpc.ts";

type NodeNetwork = "main" | "test" | "regtest";

/**
 * How our deposit addresses sit in an output's script, per chain. Bitcoin and Litecoin: P2WPKH
 * (`0014` + key hash), bech32 with a prefix per network. Dogecoin has no SegWit: P2PKH
 * (`76a914` + key hash + `88ac`), base58check with a version byte per network. The script is the
 * same on every network; the product spells the address as on mainnet.
 */
type AddressScheme = {
  /** The mainnet address of a script of ours, else null (never one of our deposit addresses). */
  addressOf(scriptHex: string): string | null;
  /** The same address as a node on `network` spells it. */
  respell(mainnetAddress: string, network: NodeNetwork): string;
};

function segwit(hrp: Record<NodeNetwork, string>): AddressScheme {
  return {
    addressOf(scriptHex) {
      if (!/^0014[0-9a-f]{40}$/.test(scriptHex)) return null;
      return bech32.encode(hrp.main, [0, ...bech32.toWords(Buffer.from(scriptHex.slice(4), "hex"))]);
    },
    respell: (address, network) =>
      bech32.encode(hrp[network], bech32.decode(address as `${string}1${string}`).words),
  };
}

function p2pkh(version: Record<NodeNetwork, number>): AddressScheme {
  return {
    addressOf(scriptHex) {
      const hash = /^76a914([0-9a-f]{40})88ac$/.exec(scriptHex)?.[1];
      return hash ? base58check.encode(new Uint8Array([version.main, ...Buffer.from(hash, "hex")])) : null;
    },
    respell: (address, network) =>
      base58check.encode(new Uint8Array([version[network], ...base58check.decode(address).slice(1)])),
  };
}

export const ADDRESS_SCHEMES: Record<UtxoNetworkConfig["chain"], AddressScheme> = {
  bitcoin: segwit({ main: "bc", test: "tb", regtest: "bcrt" }),
  litecoin: segwit({ main: "ltc", test: "tltc", regtest: "rltc" }),
  dogecoin: p2pkh(DOGECOIN_P2PKH),
};

type BlockTx = { txid: string; vout: { value: number; n: number; scriptPubKey: { hex: string } }[] };

/**
 * A Bitcoin-family node over JSON-RPC (BTC, LTC, DOGE) as the block follower reads it. An output
 * is ours when its script is one our addresses make (ADDRESS_SCHEMES), named by its mainnet
 * address, the product's spelling. The node needs `-txindex` (a transaction's block is looked up
 * by its id).
 */
export function createUtxoChain(config: UtxoNetworkConfig) {
  const rpc = createUtxoRpc(config.rpcUrl);
  const scheme = ADDRESS_SCHEMES[config.chain];

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
            const address = scheme.addressOf(out.scriptPubKey.hex);
            if (!address || out.value <= 0) continue;
            found.push({
              currency: config.currency as CurrencyCode,
              txHash: tx.txid,
              outputIndex: out.n,
              blockNumber: height,
              blockHash: hash,
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
        return header.confirmations < 0
          ? null
          : { blockNumber: header.height, blockHash: tx.blockhash, success: true };
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
      return scheme.respell(mainnetAddress, chain === "main" || chain === "regtest" ? chain : "test");
    },
  };
}

export type UtxoChain = ReturnType<typeof createUtxoChain>;
