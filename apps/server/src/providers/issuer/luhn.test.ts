import { describe, expect, it } from "vitest";
import { createCardSecrets } from "./card-secrets.ts";
import { cardNumberFrom, isLuhnValid, luhnCheckDigit } from "./luhn.ts";

describe("card numbers", () => {
  it("computes the Luhn check digit of known numbers", () => {
    expect(luhnCheckDigit("7992739871")).toBe(3);
    expect(isLuhnValid("4111111111111111")).toBe(true);
    expect(isLuhnValid("4111111111111112")).toBe(false);
  });
  it("issues valid 16-digit numbers from the BIN", () => {
    for (let i = 0; i < 200; i++) {
      const n = cardNumberFrom("400000");
      expect(n).toMatch(/^400000\d{10}$/);
      expect(isLuhnValid(n)).toBe(true);
    }
  });
});

describe("card secrets", () => {
  const k1 = { id: "k1", key: Buffer.alloc(32, 1) };
  const k2 = { id: "k2", key: Buffer.alloc(32, 2) };
  it("encrypts under the first key, names it, and decrypts after a rotation", () => {
    const old = createCardSecrets([k1]).encrypt("4000001234567899");
    expect(old.keyId).toBe("k1");
    expect(old.ciphertext).not.toContain("4000001234567899");
    const rotated = createCardSecrets([k2, k1]);
    expect(rotated.decrypt(old.ciphertext)).toBe("4000001234567899");
    expect(rotated.encrypt("123").keyId).toBe("k2");
  });
  it("refuses a tampered ciphertext and an unknown key", () => {
    const s = createCardSecrets([k1]);
    const { ciphertext } = s.encrypt("123");
    const parts = ciphertext.split(".");
    parts[3] = Buffer.from("999").toString("base64url");
    expect(() => s.decrypt(parts.join("."))).toThrow();
    expect(() => createCardSecrets([k2]).decrypt(ciphertext)).toThrow(/not configured/);
  });
});
