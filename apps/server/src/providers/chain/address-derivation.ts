import { createHash } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { createBase58check } from "@scure/base";
import { HDKey } from "@scure/bip32";
import { NETWORK, p2pkh, p2wpkh } from "@scure/btc-signer";
import type { BTC_NETWORK } from "@scure/btc-signer/utils.js";
import { bytesToHex, hexToBytes } from "viem";
import { publicKeyToAddress } from "viem/accounts";
import type { Chain } from "./chain-networks.ts";

// Deposit addresses from a merchant's account-level extended PUBLIC key: the server can make
// every receive address (…/0/index) but can spend from none. Each chain's encoding comes from a
// maintained library (docs/crypto-wallets.md).

/** Litecoin mainnet parameters (Litecoin Core chainparams): bech32 "ltc", L… and M… addresses. */
export const LITECOIN_NETWORK: BTC_NETWORK = { bech32: "ltc", pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 };

/**
 * Dogecoin's P2PKH version bytes (Dogecoin Core chainparams): mainnet 0x1e (D…), testnet 0x71
 * (n…), regtest 0x6f (m…/n…, Bitcoin's testnet byte). Dogecoin has no SegWit.
 */
export const DOGECOIN_P2PKH = { main: 0x1e, test: 0x71, regtest: 0x6f } as const;
export const DOGECOIN_NETWORK: BTC_NETWORK = { bech32: "", pubKeyHash: 0x1e, scriptHash: 0x16, wif: 0x9e };

/** TRON addresses: base58check of 0x41 and the same 20-byte key hash as Ethereum (keccak-256). */
export const TRON_ADDRESS_PREFIX = 0x41;
export const base58check = createBase58check(
  (data: Uint8Array) => new Uint8Array(createHash("sha256").update(data).digest()),
);

/**
 * The hardened account path per chain: BIP84 (native SegWit) for Bitcoin and Litecoin, BIP44
 * otherwise (Dogecoin's P2PKH, coin type 3).
 */
export function accountPath(chain: Chain, account: number): string {
  const coin = { bitcoin: 0, dogecoin: 3, litecoin: 2, ethereum: 60, tron: 195 }[chain];
  const purpose = chain === "bitcoin" || chain === "litecoin" ? 84 : 44;
  return `m/${purpose}'/${coin}'/${account}'`;
}

/**
 * Version bytes of account keys other than BIP32's xpub, as wallets export them: SLIP-132's
 * BIP84 "zpub", and Dogecoin mainnet's own "dgub" (Dogecoin Core chainparams). Same key inside.
 */
const KEY_VERSIONS = {
  zpub: { public: 0x04b24746, private: 0x04b2430c },
  dgub: { public: 0x02facafd, private: 0x02fac398 },
};

/** Parses an account key (xpub, a BIP84 zpub, a Dogecoin dgub); a private key is refused, never kept. */
export function parseAccountKey(extendedKey: string): HDKey {
  if (!/^([xz]pub|dgub)[1-9A-HJ-NP-Za-km-z]{100,112}$/.test(extendedKey)) {
    throw new Error("not an extended public key (xpub, zpub or dgub)");
  }
  const prefix = extendedKey.slice(0, 4);
  const key =
    prefix === "zpub" || prefix === "dgub"
      ? HDKey.fromExtendedKey(extendedKey, KEY_VERSIONS[prefix])
      : HDKey.fromExtendedKey(extendedKey);
  if (key.privateKey) throw new Error("an extended private key must never reach the server");
  return key;
}

/** BIP32 non-hardened indexes: 0 … 2^31 - 1. */
const MAX_DERIVATION_INDEX = 0x7fffffff;

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
    case "dogecoin":
      return dogecoinAddress(publicKey);
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

/** P2PKH of the compressed key, base58check with Dogecoin mainnet's version byte (D…). */
function dogecoinAddress(publicKey: Uint8Array): string {
  const { address } = p2pkh(publicKey, DOGECOIN_NETWORK);
  if (!address) throw new Error("p2pkh gave no address");
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
