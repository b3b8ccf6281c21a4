import { HARDENED_OFFSET, HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { CHAINS, type Chain } from "../../db/schema/chain.ts";
import { accountPath, parseAccountKey } from "./address-derivation.ts";

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
  const root = sandboxRoot();
  return CHAINS.map((chain) => {
    const path = accountPath(chain, account);
    return { chain, accountPath: path, extendedPublicKey: root.derive(path).publicExtendedKey };
  });
}

/**
 * True when an account key is one of the sandbox seed's, on any chain's path and any account
 * number: anyone can spend what is paid to its addresses (a production start refuses it).
 */
export function isSandboxAccountKey(extendedPublicKey: string): boolean {
  let key: HDKey;
  try {
    key = parseAccountKey(extendedPublicKey);
  } catch {
    return false;
  }
  const same = (other: HDKey) => Buffer.from(other.publicKey ?? []).equals(Buffer.from(key.publicKey ?? []));
  if (key.depth === 0) return same(sandboxRoot());
  if (key.depth !== 3 || key.index < HARDENED_OFFSET) return false;
  const account = key.index - HARDENED_OFFSET;
  return CHAINS.some((chain) => same(sandboxRoot().derive(accountPath(chain, account))));
}

let root: HDKey | undefined;
/** The seed's root key, made once (the mnemonic's key stretching takes a while). */
function sandboxRoot(): HDKey {
  root ??= HDKey.fromMasterSeed(mnemonicToSeedSync(SANDBOX_MNEMONIC));
  return root;
}
