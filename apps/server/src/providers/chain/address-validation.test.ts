import { describe, expect, it } from "vitest";
import { ADDRESS_PATTERNS, checkAddress } from "./address-validation.ts";
import type { Chain } from "./chain-networks.ts";

type Case = [chain: Chain, address: string, expected: "valid" | "FORMAT" | "CHECKSUM"];

// Valid addresses from the BIP173/BIP350 test vectors and the abandon…about mnemonic; a wrong
// checksum is one of them with one character changed.
const CASES: Case[] = [
  ["bitcoin", "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", "valid"],
  ["bitcoin", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "valid"],
  ["bitcoin", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "valid"],
  ["bitcoin", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "valid"],
  ["bitcoin", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", "valid"],
  ["bitcoin", "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv", "CHECKSUM"],
  ["bitcoin", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3", "CHECKSUM"],
  ["bitcoin", "bc1qcR8te4kr609gcawutmrza0j4xv80jy8z306fyu", "FORMAT"],
  ["bitcoin", "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", "FORMAT"],
  ["bitcoin", "ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh", "FORMAT"],
  ["bitcoin", "0x9858EfFD232B4033E47d90003D41EC34EcaEda94", "FORMAT"],
  ["bitcoin", "", "FORMAT"],
  ["litecoin", "ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh", "valid"],
  ["litecoin", "ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wj", "CHECKSUM"],
  ["litecoin", "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", "FORMAT"],
  // Dogecoin: the abandon…about mnemonic's m/44'/3'/0'/0/0, Dogecoin Core's key_tests
  // (strAddressBad: a D… whose checksum fails) and base58_keys_valid (mainnet P2SH, testnet P2PKH).
  ["dogecoin", "DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC", "valid"],
  ["dogecoin", "A7HRQk3GFCW2QasvdZxXuYj8kkQK5QrYLs", "valid"],
  ["dogecoin", "DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgD", "CHECKSUM"],
  ["dogecoin", "DRjyUS2uuieEPkhZNdQz8hE5YycxVEqSXA", "CHECKSUM"],
  ["dogecoin", "nhRsrUaxZou6sewjqaS37cJrMRJRgwVXdk", "FORMAT"],
  ["dogecoin", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "FORMAT"],
  ["dogecoin", "ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh", "FORMAT"],
  ["dogecoin", "LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ez", "FORMAT"],
  ["litecoin", "DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC", "FORMAT"],
  ["bitcoin", "DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC", "FORMAT"],
  ["ethereum", "0x9858EfFD232B4033E47d90003D41EC34EcaEda94", "valid"],
  ["ethereum", "0x9858effd232b4033e47d90003d41ec34ecaeda94", "valid"],
  ["ethereum", "0x9858EfFD232B4033E47d90003D41EC34EcaEdA94", "CHECKSUM"],
  ["ethereum", "0x9858EfFD232B4033E47d90003D41EC34EcaEda9", "FORMAT"],
  ["ethereum", "9858EfFD232B4033E47d90003D41EC34EcaEda94", "FORMAT"],
  ["tron", "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH", "valid"],
  ["tron", "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdJ", "CHECKSUM"],
  ["tron", "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYd", "FORMAT"],
  ["tron", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "FORMAT"],
];

describe("address validation per network", () => {
  it.each(CASES)("%s %s is %s", (chain, address, expected) => {
    const result = checkAddress(chain, address);
    if (expected === "valid") expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, problem: expected });
  });

  it("answers the canonical form: lower-case bech32, EIP-55 checksummed hex", () => {
    expect(checkAddress("bitcoin", " BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4 ")).toEqual({
      ok: true,
      address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    });
    expect(checkAddress("ethereum", "0x9858effd232b4033e47d90003d41ec34ecaeda94")).toEqual({
      ok: true,
      address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94",
    });
  });

  it("gives the web app a pattern that matches every valid address and rejects another network's", () => {
    for (const [chain, address, expected] of CASES) {
      if (expected === "valid") expect(new RegExp(ADDRESS_PATTERNS[chain]).test(address.trim())).toBe(true);
    }
    expect(new RegExp(ADDRESS_PATTERNS.tron).test("0x9858EfFD232B4033E47d90003D41EC34EcaEda94")).toBe(false);
  });
});
