import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { CHAINS, type Chain } from "../../db/schema/chain.ts";
import { accountPath } from "./address-derivation.ts";

/**
 * The sandbox's wallet seed. It is public (it is in this repository), so it guards nothing of
 * value: the sandbox chain moves no real coins. Only the account-level PUBLIC keys derived from
 * it are stored (chain_account_keys); the server never holds a private key. A real merchant's
 * keys come from its own wallet: the operator stores their xpubs, never the seed.
 */
const SANDBOX_MNEMONIC = "control april various scare liar airport gaze pill pioneer price amused develop";

/** Account-level xpubs of every chain for one account number of the sandbox seed. */
export function sandboxAccountKeys(
  account: number,
): { chain: Chain; accountPath: string; extendedPublicKey: string }[] {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(SANDBOX_MNEMONIC));
  return CHAINS.map((chain) => {
    const path = accountPath(chain, account);
    return { chain, accountPath: path, extendedPublicKey: root.derive(path).publicExtendedKey };
  });
}
