import { DISPLAY_STATUSES } from "@kestrel/domain";
import { describe, expect, it } from "vitest";
import { CARD_STATUSES } from "./db/schema/index.ts";
import { displayStatus } from "./display-status.ts";

describe("display status", () => {
  it("maps every card status to one of spec §3's second list", () => {
    for (const status of CARD_STATUSES) expect(DISPLAY_STATUSES).toContain(displayStatus({ status }));
  });
  it("tells verification, rejection and action apart while the order collects", () => {
    expect(displayStatus({ status: "COLLECTION", openSteps: ["KYC"], kycStatus: "UNDER_REVIEW" })).toBe(
      "VERIFICATION",
    );
    expect(displayStatus({ status: "COLLECTION", openSteps: ["KYC"], kycStatus: "REJECTED" })).toBe(
      "KYC_REJECTED",
    );
    expect(displayStatus({ status: "COLLECTION", openSteps: ["ADDRESS"], kycStatus: "APPROVED" })).toBe(
      "ACTION",
    );
  });
  it("follows a plastic card's trip, and shows a soft block as FROZEN", () => {
    expect(displayStatus({ status: "IN_PROGRESS" })).toBe("PROGRESS");
    expect(displayStatus({ status: "ACTIVATION", deliveryState: "ORDERED" })).toBe("PROGRESS");
    expect(displayStatus({ status: "ACTIVATION", deliveryState: "IN_DELIVERY" })).toBe("READY");
    expect(displayStatus({ status: "ACTIVATION", deliveryState: null })).toBe("READY");
    expect(displayStatus({ status: "ACTIVATION", deliveryState: "SUPPORT" })).toBe("ACTION");
    expect(displayStatus({ status: "ACTIVE", deliveryState: "ACTIVATED" })).toBe("ACTIVE");
    expect(displayStatus({ status: "SOFT_BLOCKED" })).toBe("FROZEN");
  });
  it("maps IBAN statuses too", () => {
    expect(displayStatus({ status: "NONE" })).toBe("START");
    expect(displayStatus({ status: "UNAVAILABLE" })).toBe("SOON");
    expect(displayStatus({ status: "CLOSED" })).toBe("INACTIVE");
    expect(displayStatus({ status: "CREATED", openSteps: ["KYC"], kycStatus: "IN_PROGRESS" })).toBe(
      "VERIFICATION",
    );
    expect(displayStatus({ status: "ACTION_NEEDED", kycStatus: "REJECTED" })).toBe("KYC_REJECTED");
  });
  it("gives each status without open steps its one display word", () => {
    const words: Record<string, string> = {
      NONE: "START",
      UNAVAILABLE: "SOON",
      COLLECTION: "ACTION",
      CREATED: "PROGRESS",
      PREORDERED: "PROGRESS",
      IN_PROGRESS: "PROGRESS",
      ACTIVATION: "READY",
      ACTIVE: "ACTIVE",
      SOFT_BLOCKED: "FROZEN",
      HARD_BLOCKED: "BLOCKED",
      BLOCKED: "BLOCKED",
      INACTIVE: "INACTIVE",
      CLOSED: "INACTIVE",
      MULTI_ACCOUNT: "MULTI_ACCOUNT",
      KYC_FORBIDDEN_COUNTRY: "REJECTED",
      SUPPORT: "ACTION",
      ACTION_NEEDED: "ACTION",
    };
    for (const [status, word] of Object.entries(words)) expect(displayStatus({ status })).toBe(word);
  });
  it("shows VERIFICATION only while the KYC step is open and the review runs", () => {
    const review = { openSteps: ["KYC"], kycStatus: "IN_PROGRESS" };
    expect(displayStatus({ status: "COLLECTION", ...review })).toBe("VERIFICATION");
    expect(displayStatus({ status: "CREATED", openSteps: ["KYC"], kycStatus: "UNDER_REVIEW" })).toBe(
      "VERIFICATION",
    );
    // The review runs but the order waits for something else: the order's own word.
    expect(displayStatus({ status: "CREATED", openSteps: ["ADDRESS"], kycStatus: "IN_PROGRESS" })).toBe(
      "PROGRESS",
    );
    expect(displayStatus({ status: "CREATED", openSteps: ["KYC"], kycStatus: "APPROVED" })).toBe("PROGRESS");
    // A rejection counts only while the KYC step is still open.
    expect(displayStatus({ status: "COLLECTION", openSteps: ["ADDRESS"], kycStatus: "REJECTED" })).toBe(
      "ACTION",
    );
    expect(displayStatus({ status: "COLLECTION", kycStatus: "UNDER_REVIEW" })).toBe("ACTION");
  });
  it("asks for action whenever the delivery needs support, whatever the card's status", () => {
    expect(displayStatus({ status: "ACTIVE", deliveryState: "SUPPORT" })).toBe("ACTION");
    // SUPPORT is the provider's to solve: a past KYC rejection does not turn it into KYC_REJECTED.
    expect(displayStatus({ status: "SUPPORT", kycStatus: "REJECTED" })).toBe("ACTION");
    expect(displayStatus({ status: "ACTIVATION", deliveryState: "ORDER_PENDING" })).toBe("PROGRESS");
    expect(displayStatus({ status: "ACTIVATION", deliveryState: "ACTIVATED" })).toBe("READY");
  });
  it("refuses a status it does not know rather than guess", () => {
    expect(() => displayStatus({ status: "LOST" })).toThrow("no display status for LOST");
  });
});
