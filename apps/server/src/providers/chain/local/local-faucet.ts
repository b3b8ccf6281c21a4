import type { CurrencyCode } from "@kestrel/money";
import { type Address, createWalletClient, encodeFunctionData, erc20Abi, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { Config } from "../../../config.ts";
import { createUtxoChain } from "../utxo-chain.ts";
import { LOCAL_EVM_CHAIN_ID, LOCAL_EVM_FUNDED_KEY } from "./local-evm-node.ts";

export type LocalFaucet = ReturnType<typeof createLocalFaucet>;

/**
 * The sandbox console's buttons for local nodes (CHAINS=local): pay test coins to an address
 * from the node's funded account or wallet, and mine blocks. Only for a local EVM node (chain
 * 31337, Hardhat's funded test key) and a regtest Bitcoin-family node; undefined otherwise.
 */
export function createLocalFaucet(config: Config) {
  const evm = config.sandbox && config.evm?.chainId === LOCAL_EVM_CHAIN_ID ? config.evm : undefined;
  const utxo = config.sandbox
    ? config.utxo.map((u) => ({ currency: u.currency, chain: createUtxoChain(u) }))
    : [];
  if (!evm && utxo.length === 0) return undefined;
  const payer = privateKeyToAccount(LOCAL_EVM_FUNDED_KEY);
  const evmRpc = async (method: string, params: unknown[]) => {
    const res = await fetch(evm?.rpcUrl as string, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    return res.json();
  };
  const regtest = async (u: (typeof utxo)[number]) =>
    (await u.chain.rpc<{ chain: string }>("getblockchaininfo")).chain === "regtest";
  return {
    currencies: [...(evm?.currencies ?? []), ...utxo.map((u) => u.currency)] as string[],

    /** Pays `amount` (minor units) of `currency` to `address`, and mines it into a block. */
    async pay(currency: CurrencyCode, address: string, amount: bigint): Promise<string> {
      const u = utxo.find((x) => x.currency === currency);
      if (u) {
        if (!(await regtest(u))) throw new Error(`${currency}'s node is not in regtest`);
        const sats = Number(amount) / 1e8;
        const txid = await u.chain.rpc<string>("sendtoaddress", [
          await u.chain.nodeAddress(address),
          sats.toFixed(8),
        ]);
        await u.chain.rpc("generatetoaddress", [
          1,
          await u.chain.rpc<string>("getnewaddress", ["", "bech32"]),
        ]);
        return txid;
      }
      if (!evm?.currencies.includes(currency as "ETH")) throw new Error(`${currency} is on no local node`);
      const wallet = createWalletClient({ account: payer, transport: http(evm.rpcUrl) });
      const token = currency === "ETH" ? undefined : evm.tokens[currency as "USDT"];
      return wallet.sendTransaction({
        to: (token ?? address) as Address,
        value: token ? 0n : amount,
        data: token
          ? encodeFunctionData({
              abi: erc20Abi,
              functionName: "transfer",
              args: [address as Address, amount],
            })
          : undefined,
        chain: null,
      });
    },

    /** Mines `blocks` on every local node. */
    async mine(blocks: number): Promise<void> {
      if (evm) await evmRpc("hardhat_mine", [`0x${blocks.toString(16)}`]);
      for (const u of utxo) {
        if (!(await regtest(u))) continue;
        await u.chain.rpc("generatetoaddress", [
          blocks,
          await u.chain.rpc<string>("getnewaddress", ["", "bech32"]),
        ]);
      }
    },
  };
}
