import { describe, expect, it } from "vitest";
import { kycGateOf } from "./kyc-gate.ts";

const entry = (levels: string[]) => ({ kycLevelPermissibleList: levels });

describe("kycGateOf", () => {
  it("lets a customer whose level the catalog lists through, whatever the level is called", () => {
    expect(kycGateOf(entry(["KYC_0", "KYC_2"]), { kycLevel: "KYC_0", status: "NONE" })).toBeUndefined();
    expect(kycGateOf(entry(["LEVEL_X"]), { kycLevel: "LEVEL_X", status: "APPROVED" })).toBeUndefined();
  });

  it("stops a customer whose level the catalog does not list, with the reason of their status", () => {
    const needs = entry(["KYC_2"]);
    expect(kycGateOf(needs, { kycLevel: "KYC_0", status: "NONE" })).toBe("KYC_REQUIRED");
    expect(kycGateOf(needs, { kycLevel: "KYC_0", status: "UNDER_REVIEW" })).toBe("KYC_VERIFYING");
    expect(kycGateOf(needs, { kycLevel: "KYC_0", status: "REJECTED" })).toBe("KYC_REJECTED");
  });

  it("judges nothing before the catalog and the customer's level are known", () => {
    expect(kycGateOf(undefined, { kycLevel: "KYC_0", status: "NONE" })).toBeUndefined();
    expect(kycGateOf(entry(["KYC_2"]), undefined)).toBeUndefined();
  });
});
