import { type Address, createWalletClient, getAddress, http, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  LOCAL_EVM_CHAIN_ID,
  LOCAL_EVM_FUNDED_KEY,
  LOCAL_EVM_HOT_WALLET_KEY,
  type LocalEvmNode,
  startLocalEvmNode,
} from "./local-evm-node.ts";
import { LITECOIND_MISSING, type LocalLitecoind, startLocalLitecoind } from "./local-litecoind.ts";
import { testTokenArtifact } from "./test-token.ts";

const LOCAL_EVM_PORT = 8545;
const LOCAL_LITECOIND_PORT = 19443;

/**
 * `CHAINS=local npm start`: a local EVM node (ETH, and USDT, USDC and DAI as ERC-20 tokens it
 * deploys) and, when Debian's litecoind is installed, Litecoin Core in regtest (LTC), beside the
 * product. Answers the configuration that points the product at them (docs/chains.md).
 */
export async function startLocalChains(log: (line: string) => void) {
  const evm: LocalEvmNode = await startLocalEvmNode(LOCAL_EVM_PORT);
  const payer = privateKeyToAccount(LOCAL_EVM_FUNDED_KEY);
  const hot = privateKeyToAccount(LOCAL_EVM_HOT_WALLET_KEY);
  const wallet = createWalletClient({ account: payer, transport: http(evm.rpcUrl) });
  const { abi, bytecode } = testTokenArtifact();
  const tokens: Record<string, Address> = {};
  // Each with its mainnet decimals (the currency's scale).
  for (const [symbol, name, decimals] of [
    ["USDT", "Tether USD", 6],
    ["USDC", "USD Coin", 6],
    ["DAI", "Dai Stablecoin", 18],
  ] as const) {
    const hash = await wallet.deployContract({
      abi,
      bytecode,
      args: [name, symbol, decimals, parseUnits("1000000000", decimals)],
      chain: null,
    });
    const receipt = await evm.rpc<{ contractAddress: string }>("eth_getTransactionReceipt", [hash]);
    tokens[symbol] = getAddress(receipt.contractAddress);
    // The hot wallet holds some of each token, so withdrawals of them can be sent.
    await wallet.writeContract({
      address: tokens[symbol] as Address,
      abi,
      functionName: "transfer",
      args: [hot.address, parseUnits("1000000", decimals)],
      chain: null,
    });
  }
  const env: Record<string, string> = {
    CHAIN_ETH: "evm",
    CHAIN_USDT: "evm",
    CHAIN_USDC: "evm",
    CHAIN_DAI: "evm",
    EVM_RPC_URL: evm.rpcUrl,
    EVM_CHAIN_ID: String(LOCAL_EVM_CHAIN_ID),
    EVM_CONFIRMATIONS: "3",
    EVM_TOKEN_USDT: tokens.USDT as string,
    EVM_TOKEN_USDC: tokens.USDC as string,
    EVM_TOKEN_DAI: tokens.DAI as string,
    EVM_HOT_WALLET_KEY: LOCAL_EVM_HOT_WALLET_KEY,
    EVM_START_BLOCK: "0",
    EVM_POLL_SECONDS: "2",
  };
  log(
    `Local EVM node at ${evm.rpcUrl} (chain ${LOCAL_EVM_CHAIN_ID}); USDT ${tokens.USDT}, USDC ${tokens.USDC}, DAI ${tokens.DAI}`,
  );
  let ltc: LocalLitecoind | undefined;
  try {
    ltc = await startLocalLitecoind(LOCAL_LITECOIND_PORT);
    Object.assign(env, { CHAIN_LTC: "utxo", UTXO_LTC_RPC_URL: ltc.rpcUrl, UTXO_LTC_CONFIRMATIONS: "3" });
    log(`Local litecoind -regtest at 127.0.0.1:${LOCAL_LITECOIND_PORT} (LTC)`);
  } catch (err) {
    log(
      `LTC stays on the sandbox chain: ${err instanceof Error && err.message === LITECOIND_MISSING ? LITECOIND_MISSING : String(err)}`,
    );
  }
  return {
    env,
    async stop() {
      await Promise.all([evm.stop(), ltc?.stop()]);
    },
  };
}
