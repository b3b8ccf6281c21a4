import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { describe, expect, it } from "vitest";
import { CHAINS } from "../../db/schema/chain.ts";
import { accountPath, deriveAddress, parseAccountKey } from "./address-derivation.ts";
import { checkAddress } from "./address-validation.ts";
import { sandboxAccountKeys } from "./sandbox-account-keys.ts";

// The BIP84 test vector's mnemonic (bips/bip-0084.mediawiki); the other chains' addresses from
// it are the values wallets publish for this mnemonic (Electrum/MetaMask/TronLink/Litecoin).
const MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const BIP84_ZPUB =
  "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";
const root = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC));
const xpubAt = (path: string) => root.derive(path).publicExtendedKey;

describe("deposit address derivation from an account's extended public key", () => {
  it("gives BIP84's own receive addresses from its published zpub", () => {
    expect(deriveAddress("bitcoin", BIP84_ZPUB, 0)).toBe("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
    expect(deriveAddress("bitcoin", BIP84_ZPUB, 1)).toBe("bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g");
  });

  it("gives the same from the xpub of m/84'/0'/0' (the form we store)", () => {
    const xpub = xpubAt(accountPath("bitcoin", 0));
    expect(accountPath("bitcoin", 0)).toBe("m/84'/0'/0'");
    expect(deriveAddress("bitcoin", xpub, 0)).toBe("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
  });

  it("gives the EIP-55 Ethereum address of m/44'/60'/0'/0/0", () => {
    expect(deriveAddress("ethereum", xpubAt("m/44'/60'/0'"), 0)).toBe(
      "0x9858EfFD232B4033E47d90003D41EC34EcaEda94",
    );
  });

  it("gives the TRON address of m/44'/195'/0'/0/0 and the Litecoin one of m/84'/2'/0'/0/0", () => {
    expect(deriveAddress("tron", xpubAt(accountPath("tron", 0)), 0)).toBe(
      "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH",
    );
    expect(deriveAddress("litecoin", xpubAt(accountPath("litecoin", 0)), 0)).toBe(
      "ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh",
    );
  });

  it("gives Dogecoin's P2PKH address of m/44'/3'/0'/0/0, from an xpub or the same key as a dgub", () => {
    expect(accountPath("dogecoin", 0)).toBe("m/44'/3'/0'");
    const account = root.derive(accountPath("dogecoin", 0));
    // Ledger Live's and Ian Coleman's first Dogecoin receive address for this mnemonic.
    expect(deriveAddress("dogecoin", account.publicExtendedKey, 0)).toBe(
      "DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC",
    );
    const dgub = new HDKey({
      versions: { public: 0x02facafd, private: 0x02fac398 },
      publicKey: account.publicKey as Uint8Array,
      chainCode: account.chainCode as Uint8Array,
      depth: account.depth,
      index: account.index,
      parentFingerprint: account.parentFingerprint,
    }).publicExtendedKey;
    expect(dgub).toMatch(/^dgub/);
    expect(deriveAddress("dogecoin", dgub, 0)).toBe("DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC");
  });

  it("derives from public keys only: a private extended key is refused", () => {
    const xprv = root.derive("m/84'/0'/0'").privateExtendedKey;
    expect(() => parseAccountKey(xprv)).toThrow();
    expect(() => deriveAddress("bitcoin", xprv, 0)).toThrow();
    expect(() => deriveAddress("bitcoin", BIP84_ZPUB, -1)).toThrow(RangeError);
    expect(() => deriveAddress("bitcoin", BIP84_ZPUB, 2 ** 31)).toThrow(RangeError);
  });

  it("gives every chain distinct, valid addresses per index, and other ones per sandbox account", () => {
    const demo = sandboxAccountKeys(0);
    const nimbus = sandboxAccountKeys(1);
    for (const chain of CHAINS) {
      const key = demo.find((k) => k.chain === chain)?.extendedPublicKey as string;
      const other = nimbus.find((k) => k.chain === chain)?.extendedPublicKey as string;
      expect(key.startsWith("xpub")).toBe(true);
      const addresses = [0, 1, 2].map((i) => deriveAddress(chain, key, i));
      expect(new Set([...addresses, deriveAddress(chain, other, 0)]).size).toBe(4);
      for (const a of addresses) expect(checkAddress(chain, a)).toEqual({ ok: true, address: a });
    }
  });
});
