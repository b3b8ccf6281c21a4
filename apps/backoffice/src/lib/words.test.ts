import { KYC_STATUS_PHRASES, OPERATOR_ROLE_PHRASES } from "@kestrel/domain";
import { describe, expect, it } from "vitest";
import { fieldWords } from "../components/Details.tsx";
import { plainWords, wordFor } from "./words.ts";

describe("operators read words, never codes (issue 48)", () => {
  it("takes the domain's phrase for a code it knows", () => {
    expect(wordFor(OPERATOR_ROLE_PHRASES, "PLATFORM_ADMIN")).toBe("Platform admin");
    expect(wordFor(KYC_STATUS_PHRASES, "UNDER_REVIEW")).toBe("In review");
  });

  it("reads a code it does not know as plain words", () => {
    expect(wordFor(KYC_STATUS_PHRASES, "SOMETHING_NEW")).toBe("Something new");
  });

  // An audit action, an account kind, a sign-in step: letters such as KYC stay letters.
  it.each([
    ["kyc.decision.approve", "KYC decision approve"],
    ["customer_wallet", "Customer wallet"],
    ["auth.sign-in", "Auth sign-in"],
  ])("reads %s as %s", (code, words) => expect(plainWords(code)).toBe(words));

  it.each([
    ["providerReference", "Provider reference"],
    ["tx_hash", "Tx hash"],
  ])("names the detail field %s as %s", (name, words) => expect(fieldWords(name)).toBe(words));
});
