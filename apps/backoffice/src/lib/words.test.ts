import { KYC_STATUS_PHRASES, OPERATOR_ROLE_PHRASES } from "@kestrel/domain";
import { describe, expect, it } from "vitest";
import { fieldWords } from "../components/Details.tsx";
import { plainWords, wordFor } from "./words.ts";

describe("operators read words, never codes (issue 48)", () => {
  it("takes the domain's phrase for a code it knows", () => {
    expect(wordFor(OPERATOR_ROLE_PHRASES, "PLATFORM_ADMIN")).toBe("Platform admin");
    expect(wordFor(KYC_STATUS_PHRASES, "UNDER_REVIEW")).toBe("In review");
  });

  it("reads a code it does not know as plain words, letters kept as letters", () => {
    expect(wordFor(KYC_STATUS_PHRASES, "SOMETHING_NEW")).toBe("Something new");
    expect(plainWords("kyc.decision.approve")).toBe("KYC decision approve");
    expect(plainWords("customer_wallet")).toBe("Customer wallet");
    expect(plainWords("auth.sign-in")).toBe("Auth sign-in");
  });

  it("names a provider's detail fields in words", () => {
    expect(fieldWords("providerReference")).toBe("Provider reference");
    expect(fieldWords("tx_hash")).toBe("Tx hash");
  });
});
