import { describe, expect, it } from "vitest";
import { clientData, kycData } from "../testing/fake-kyc.ts";
import {
  type KycData,
  latestRequest,
  verificationAction,
  verificationState,
  widgetSubmitted,
} from "./verification-rule.ts";

const kyc = kycData;
const kyc1 = (status: KycData["kyc1ClientData"]["status"]) => clientData(status);

describe("verificationAction (spec §4's rule)", () => {
  it("KYC_2, neither under review nor action needed: the limit-increase request", () => {
    for (const status of ["APPROVED", "NONE", "REJECTED", "IN_PROGRESS"])
      expect(verificationAction({ kycLevel: "KYC_2", status })).toBe("limitIncrease");
  });

  it("KYC_0, whatever the status: the widget", () => {
    for (const status of ["NONE", "READY_TO_START", "IN_PROGRESS", "REJECTED", "APPROVED"])
      expect(verificationAction({ kycLevel: "KYC_0", status })).toBe("widget");
  });

  it("ACTION_NEEDED at either level: the widget", () => {
    for (const kycLevel of ["KYC_0", "KYC_2"])
      expect(verificationAction({ kycLevel, status: "ACTION_NEEDED" })).toBe("widget");
  });

  it("anything else (a limit increase already under review, a level the spec does not know): mobile only", () => {
    expect(verificationAction({ kycLevel: "KYC_2", status: "UNDER_REVIEW" })).toBe("mobileOnly");
    expect(verificationAction({ kycLevel: "KYC_1", status: "APPROVED" })).toBe("mobileOnly");
  });

  it("in its order: KYC_2 under review is not a limit increase, KYC_2 with action needed opens the widget", () => {
    expect(verificationAction({ kycLevel: "KYC_2", status: "UNDER_REVIEW" })).toBe("mobileOnly");
    expect(verificationAction({ kycLevel: "KYC_2", status: "ACTION_NEEDED" })).toBe("widget");
  });
});

describe("verificationState", () => {
  it("names the newest request's standing, and a level reached as approved", () => {
    expect(verificationState(kyc())).toBe("notStarted");
    expect(verificationState(kyc({ status: "READY_TO_START" }))).toBe("notStarted");
    expect(verificationState(kyc({ status: "IN_PROGRESS" }))).toBe("inReview");
    expect(verificationState(kyc({ kycLevel: "KYC_2", status: "UNDER_REVIEW" }))).toBe("inReview");
    expect(verificationState(kyc({ kycLevel: "KYC_2", status: "APPROVED" }))).toBe("approved");
    expect(verificationState(kyc({ kycLevel: "KYC_2", status: "NONE" }))).toBe("approved");
    expect(verificationState(kyc({ kycLevel: "KYC_0", status: "NONE" }))).toBe("notStarted");
    expect(verificationState(kyc({ status: "REJECTED" }))).toBe("rejected");
    expect(verificationState(kyc({ status: "ACTION_NEEDED" }))).toBe("actionNeeded");
  });

  it("finds the newest request's details: a limit increase before the identity check", () => {
    const denied = { ...kyc1("DENIED"), rejectFormattedMessage: "Too blurry" };
    expect(latestRequest(kyc())).toBeUndefined();
    expect(latestRequest(kyc({ kyc1ClientData: denied }))).toEqual({ identity: true, details: denied });
    const approved = kyc1("APPROVED");
    expect(
      latestRequest(kyc({ kyc1ClientData: approved, kyc2ClientData: approved, kyc3ClientData: denied })),
    ).toEqual({ identity: false, details: denied });
  });
});

describe("widgetSubmitted", () => {
  it("sees a submission go to review, or already decided between two reads", () => {
    expect(widgetSubmitted(kyc(), kyc({ status: "IN_PROGRESS", kyc1ClientData: kyc1("UNDER_REVIEW") }))).toBe(
      true,
    );
    expect(
      widgetSubmitted(
        kyc(),
        kyc({ kycLevel: "KYC_2", status: "APPROVED", kyc1ClientData: kyc1("APPROVED") }),
      ),
    ).toBe(true);
    expect(widgetSubmitted(kyc(), kyc({ status: "REJECTED", kyc1ClientData: kyc1("DENIED") }))).toBe(true);
  });

  it("ignores no change, and a decision on a submission made before the widget opened", () => {
    expect(widgetSubmitted(kyc(), kyc({ status: "READY_TO_START" }))).toBe(false);
    const rejected = kyc({ status: "REJECTED", kyc1ClientData: kyc1("DENIED") });
    expect(widgetSubmitted(rejected, rejected)).toBe(false);
    const inReview = kyc({ status: "IN_PROGRESS", kyc1ClientData: kyc1("UNDER_REVIEW") });
    expect(widgetSubmitted(inReview, inReview)).toBe(false);
    expect(widgetSubmitted(inReview, kyc({ kycLevel: "KYC_2", kyc1ClientData: kyc1("APPROVED") }))).toBe(
      false,
    );
  });
});
