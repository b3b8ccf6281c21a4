import { createHash } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { createBase58check } from "@scure/base";
import { HDKey } from "@scure/bip32";
import { NETWORK, p2wpkh } from "@scure/btc-signer";
import type { BTC_NETWORK } from "@scure/btc-signer/utils.js";
import { bytesToHex, hexToBytes } from "viem";
import { publicKeyToAddress } from "viem/accounts";
import type { Chain } from "./chain-networks.ts";

// Deposit addresses from a merchant's account-level extended PUBLIC key: the server can make
// every receive address (…/0/index) but can spend from none. Each chain's encoding comes from a
// maintained library (docs/crypto-wallets.md).

/** Litecoin mainnet parameters (Litecoin Core chainparams): bech32 "ltc", L… and M… addresses. */
export const LITECOIN_NETWORK: BTC_NETWORK = { bech32: "ltc", pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 };

/** TRON addresses: base58check of 0x41 and the same 20-byte key hash as Ethereum (keccak-256). */
export const TRON_ADDRESS_PREFIX = 0x41;
export const base58check = createBase58check(
  (data: Uint8Array) => new Uint8Array(createHash("sha256").update(data).digest()),
);

/** The hardened account path per chain: BIP84 (native SegWit) for UTXO chains, BIP44 otherwise. */
export function accountPath(chain: Chain, account: number): string {
  const coin = { bitcoin: 0, litecoin: 2, ethereum: 60, tron: 195 }[chain];
  const purpose = chain === "bitcoin" || chain === "litecoin" ? 84 : 44;
  return `m/${purpose}'/${coin}'/${account}'`;
}

/** SLIP-132 version bytes of a BIP84 account key ("zpub"), as wallets export it. */
const ZPUB_VERSIONS = { public: 0x04b24746, private: 0x04b2430c };

/** Parses an account key (xpub, or a BIP84 zpub); a private key is refused, never kept. */
export function parseAccountKey(extendedKey: string): HDKey {
  if (!/^[xz]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/.test(extendedKey)) {
    throw new Error("not an extended public key (xpub or zpub)");
  }
  const key = extendedKey.startsWith("zpub")
    ? HDKey.fromExtendedKey(extendedKey, ZPUB_VERSIONS)
    : HDKey.fromExtendedKey(extendedKey);
  if (key.privateKey) throw new Error("an extended private key must never reach the server");
  return key;
}

/** BIP32 non-hardened indexes: 0 … 2^31 - 1. */
export const MAX_DERIVATION_INDEX = 0x7fffffff;

/** The receive address number `index` (path …/0/index) of an account key on `chain`. */
export function deriveAddress(chain: Chain, extendedKey: string, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > MAX_DERIVATION_INDEX) {
    throw new RangeError(`derivation index out of range: ${index}`);
  }
  const publicKey = parseAccountKey(extendedKey).deriveChild(0).deriveChild(index).publicKey;
  if (!publicKey) throw new Error("derived key has no public key");
  switch (chain) {
    case "bitcoin":
      return segwitAddress(publicKey, NETWORK);
    case "litecoin":
      return segwitAddress(publicKey, LITECOIN_NETWORK);
    case "ethereum":
      return ethereumAddress(publicKey);
    case "tron":
      return tronAddress(publicKey);
  }
}

function segwitAddress(publicKey: Uint8Array, network: BTC_NETWORK): string {
  const { address } = p2wpkh(publicKey, network);
  if (!address) throw new Error("p2wpkh gave no address");
  return address;
}

/** EIP-55 checksummed: keccak-256 of the uncompressed key, last 20 bytes (viem). */
function ethereumAddress(compressed: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(compressed).toBytes(false);
  return publicKeyToAddress(bytesToHex(uncompressed));
}

function tronAddress(compressed: Uint8Array): string {
  const hash = hexToBytes(ethereumAddress(compressed) as `0x${string}`);
  return base58check.encode(new Uint8Array([TRON_ADDRESS_PREFIX, ...hash]));
}
