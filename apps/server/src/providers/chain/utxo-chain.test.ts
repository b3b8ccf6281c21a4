import { describe, expect, it } from "vitest";
import { base58check } from "./address-derivation.ts";
import { ADDRESS_SCHEMES } from "./utxo-chain.ts";

// Which output scripts are ours, per chain, and how a node of each network spells the address.
// DBus3b… is m/44'/3'/0'/0/0 of the abandon…about mnemonic (address-derivation.test.ts).
const DOGE = "DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC";
const keyHash = Buffer.from(base58check.decode(DOGE).slice(1)).toString("hex");

describe("Bitcoin-family output scripts and address spellings", () => {
  it("names a P2PKH script by its Dogecoin mainnet address; SegWit chains do not take it", () => {
    expect(ADDRESS_SCHEMES.dogecoin.addressOf(`76a914${keyHash}88ac`)).toBe(DOGE);
    expect(ADDRESS_SCHEMES.litecoin.addressOf(`76a914${keyHash}88ac`)).toBeNull();
  });

  it("takes no P2WPKH, P2SH or OP_RETURN script as a Dogecoin address", () => {
    expect(ADDRESS_SCHEMES.dogecoin.addressOf(`0014${keyHash}`)).toBeNull();
    expect(ADDRESS_SCHEMES.dogecoin.addressOf(`a914${keyHash}87`)).toBeNull();
    expect(ADDRESS_SCHEMES.dogecoin.addressOf("6a0568656c6c6f")).toBeNull();
  });

  it("re-spells a D… address with Dogecoin testnet's byte (0x71) and regtest's (0x6f), same key hash", () => {
    const testnet = ADDRESS_SCHEMES.dogecoin.respell(DOGE, "test");
    const regtest = ADDRESS_SCHEMES.dogecoin.respell(DOGE, "regtest");
    expect(base58check.decode(testnet)[0]).toBe(0x71);
    expect(testnet).toMatch(/^n/);
    expect(base58check.decode(regtest)[0]).toBe(0x6f);
    for (const a of [testnet, regtest]) {
      expect(Buffer.from(base58check.decode(a).slice(1)).toString("hex")).toBe(keyHash);
    }
    expect(ADDRESS_SCHEMES.dogecoin.respell(DOGE, "main")).toBe(DOGE);
  });
});
