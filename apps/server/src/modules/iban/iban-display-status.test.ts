import { describe, expect, it } from "vitest";
import { DISPLAY_STATUSES } from "../../display-status.ts";
import { IBAN_STATUSES, ibanDisplayStatus } from "./iban-display-status.ts";
import { openSteps } from "./iban-eligibility.ts";

describe("ibanDisplayStatus", () => {
  it("maps every IBAN status into the customer display list", () => {
    for (const s of IBAN_STATUSES) expect(DISPLAY_STATUSES).toContain(ibanDisplayStatus(s));
  });
  it("tells waiting for the identity review from waiting for the customer", () => {
    expect(ibanDisplayStatus("COLLECTION")).toBe("ACTION");
    expect(ibanDisplayStatus("COLLECTION", { waitingForReview: true })).toBe("VERIFICATION");
    expect(ibanDisplayStatus("ACTION_NEEDED", { kycRejected: true })).toBe("KYC_REJECTED");
    expect(ibanDisplayStatus("ACTIVE", { kycRejected: true })).toBe("ACTIVE");
    expect(ibanDisplayStatus("NONE")).toBe("START");
    expect(ibanDisplayStatus("UNAVAILABLE")).toBe("SOON");
  });
});

describe("openSteps", () => {
  it("lists the required-info kinds still open, in the flow's order", () => {
    expect(openSteps({ kycLevel: "KYC_0", info: null })).toEqual([
      "KYC",
      "ADDITIONAL_PERSONAL_INFO",
      "TAXID",
      "ADDRESS",
    ]);
    const info = {
      isUsRelated: false,
      incomeSources: ["salary"],
      estimatedMonthlyTurnoverRange: "0-1000",
      taxCountry: "DE",
      taxId: null,
      billingCountry: "DE",
      billingCity: "Berlin",
      billingAddress1: "A 1",
      billingZipCode: "10115",
    };
    expect(openSteps({ kycLevel: "KYC_1", info })).toEqual(["TAXID"]);
    expect(openSteps({ kycLevel: "KYC_2", info: { ...info, taxId: "X1" } })).toEqual([]);
  });
});
