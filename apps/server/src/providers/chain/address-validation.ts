import { Address, NETWORK } from "@scure/btc-signer";
import type { BTC_NETWORK } from "@scure/btc-signer/utils.js";
import { getAddress, isAddress } from "viem";
import {
  base58check,
  DOGECOIN_NETWORK,
  LITECOIN_NETWORK,
  TRON_ADDRESS_PREFIX,
} from "./address-derivation.ts";
import type { Chain } from "./chain-networks.ts";

/**
 * FORMAT: not an address of this network at all (wrong prefix, characters or length: maybe
 * another network's); CHECKSUM: shaped right, but its checksum fails (a typo).
 */
type AddressProblem = "FORMAT" | "CHECKSUM";
export type AddressCheck = { ok: true; address: string } | { ok: false; problem: AddressProblem };

const BASE58 = "[1-9A-HJ-NP-Za-km-z]";
const bech32 = (hrp: string) => `${hrp}1[02-9ac-hj-np-z]{8,87}|${hrp.toUpperCase()}1[02-9AC-HJ-NP-Z]{8,87}`;

/**
 * The shape of each network's addresses (the wallet's `pattern`, for checking as the customer
 * types); only `checkAddress` proves one valid. Bech32 in one case throughout (BIP173).
 */
export const ADDRESS_PATTERNS: Record<Chain, string> = {
  bitcoin: `^(${bech32("bc")}|[13]${BASE58}{25,34})$`,
  litecoin: `^(${bech32("ltc")}|[LM]${BASE58}{25,34})$`,
  // Mainnet P2PKH (0x1e: D…) and P2SH (0x16: 9… or A…); no SegWit on Dogecoin.
  dogecoin: `^[D9A]${BASE58}{25,34}$`,
  ethereum: "^0x[0-9a-fA-F]{40}$",
  tron: `^T${BASE58}{33}$`,
};
const SHAPES = Object.fromEntries(
  Object.entries(ADDRESS_PATTERNS).map(([chain, pattern]) => [chain, new RegExp(pattern)]),
) as Record<Chain, RegExp>;

/** Whether `input` is an address funds can be sent to on `chain`; answers it in canonical form. */
export function checkAddress(chain: Chain, input: string): AddressCheck {
  const address = input.trim();
  if (!SHAPES[chain].test(address)) return { ok: false, problem: "FORMAT" };
  switch (chain) {
    case "bitcoin":
      return utxoAddress(address, NETWORK);
    case "litecoin":
      return utxoAddress(address, LITECOIN_NETWORK);
    case "dogecoin":
      return utxoAddress(address, DOGECOIN_NETWORK);
    case "ethereum":
      return ethereumAddress(address);
    case "tron":
      return tronAddress(address);
  }
}

/**
 * Native SegWit and Taproot (bech32/bech32m) and legacy base58 (P2PKH, P2SH): the library
 * decodes them and checks checksum, network and witness program.
 */
function utxoAddress(address: string, network: BTC_NETWORK): AddressCheck {
  const bech32 = network.bech32 !== "" && address.toLowerCase().startsWith(`${network.bech32}1`);
  const canonical = bech32 ? address.toLowerCase() : address;
  try {
    Address(network).decode(canonical);
    return { ok: true, address: canonical };
  } catch {
    return { ok: false, problem: "CHECKSUM" };
  }
}

/** Mixed case must be the EIP-55 checksum (one case throughout carries none). */
function ethereumAddress(address: string): AddressCheck {
  if (!isAddress(address, { strict: true })) return { ok: false, problem: "CHECKSUM" };
  return { ok: true, address: getAddress(address) };
}

/** Base58check of 0x41 and a 20-byte hash. */
function tronAddress(address: string): AddressCheck {
  try {
    const bytes = base58check.decode(address);
    if (bytes.length !== 21 || bytes[0] !== TRON_ADDRESS_PREFIX) return { ok: false, problem: "FORMAT" };
    return { ok: true, address };
  } catch {
    return { ok: false, problem: "CHECKSUM" };
  }
}
