import { DISPLAY_STATUSES } from "@kestrel/domain";
import { describe, expect, it } from "vitest";
import { displayStatus } from "../../display-status.ts";
import { IBAN_STATUSES, ibanDisplayStatus } from "./iban-display-status.ts";
import { openSteps } from "./iban-eligibility.ts";

describe("ibanDisplayStatus", () => {
  it("maps every IBAN status into the customer display list, as cards map theirs", () => {
    for (const s of IBAN_STATUSES) {
      expect(DISPLAY_STATUSES).toContain(ibanDisplayStatus(s));
      expect(ibanDisplayStatus(s)).toBe(displayStatus({ status: s }));
    }
  });
  it("tells waiting for the identity review from waiting for the customer", () => {
    const reviewing = { openSteps: ["KYC"], kycStatus: "UNDER_REVIEW" };
    expect(ibanDisplayStatus("COLLECTION", { openSteps: ["KYC"], kycStatus: "NONE" })).toBe("ACTION");
    expect(ibanDisplayStatus("COLLECTION", reviewing)).toBe("VERIFICATION");
    // Under review is VERIFICATION whatever the order's status; once nothing is reviewed, PROGRESS.
    expect(ibanDisplayStatus("CREATED", reviewing)).toBe("VERIFICATION");
    expect(ibanDisplayStatus("CREATED")).toBe("PROGRESS");
    expect(ibanDisplayStatus("IN_PROGRESS")).toBe("PROGRESS");
    expect(ibanDisplayStatus("ACTION_NEEDED", { openSteps: ["KYC"], kycStatus: "REJECTED" })).toBe(
      "KYC_REJECTED",
    );
    expect(ibanDisplayStatus("ACTION_NEEDED")).toBe("ACTION");
    expect(ibanDisplayStatus("ACTIVE", { kycStatus: "REJECTED" })).toBe("ACTIVE");
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
    expect(openSteps({ kycLevel: "KYC_2", info })).toEqual(["TAXID"]);
    expect(openSteps({ kycLevel: "KYC_2", info: { ...info, taxId: "X1" } })).toEqual([]);
  });
});
