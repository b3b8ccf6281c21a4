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
});
