import { describe, expect, it } from "vitest";
import {
  type ApplicationView,
  clientData,
  LEVEL_ORDER,
  type LimitRequestView,
  levelRank,
  limitRequestData,
  workOutState,
} from "./kyc-state.ts";

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
const app = (status: ApplicationView["status"], minutesAgo: number): ApplicationView => ({
  kind: "WIDGET",
  status,
  rejectReasons: [],
  rejectMessage: null,
  createdAt: at(minutesAgo),
});

describe("a customer's level and status (spec §3: KYC_0 and KYC_2 only)", () => {
  it("is KYC_0 from sign-up, whatever the widget's application says until it is approved", () => {
    expect(workOutState([])).toEqual({ level: "KYC_0", status: "NONE" });
    for (const status of ["READY_TO_START", "IN_PROGRESS", "REJECTED", "ACTION_NEEDED"] as const)
      expect(workOutState([app(status, 1)])).toEqual({ level: "KYC_0", status });
  });

  it("is KYC_2 once the widget's check is approved, and KYC_0 again when that approval is withdrawn", () => {
    expect(workOutState([app("APPROVED", 1)])).toEqual({ level: "KYC_2", status: "APPROVED" });
    expect(workOutState([app("REJECTED", 1)])).toEqual({ level: "KYC_0", status: "REJECTED" });
    // A newer application under review keeps the level an older approval gave.
    expect(workOutState([app("IN_PROGRESS", 1), app("APPROVED", 5)])).toEqual({
      level: "KYC_2",
      status: "IN_PROGRESS",
    });
  });

  it("reads UNDER_REVIEW while a limit-increase request is open, and the check's status once decided", () => {
    const approved = [app("APPROVED", 10)];
    expect(workOutState(approved, [{ status: "UNDER_REVIEW", createdAt: at(1) }])).toEqual({
      level: "KYC_2",
      status: "UNDER_REVIEW",
    });
    expect(workOutState(approved, [{ status: "REJECTED", createdAt: at(1) }])).toEqual({
      level: "KYC_2",
      status: "APPROVED",
    });
  });
});

describe("the levels' order", () => {
  it("ranks KYC_0 below KYC_2 and an unknown level below both", () => {
    expect(LEVEL_ORDER).toEqual(["KYC_0", "KYC_2"]);
    expect(levelRank("KYC_0")).toBe(0);
    expect(levelRank("KYC_2")).toBe(1);
    expect(levelRank("KYC_1")).toBe(-1);
  });
});

describe("kycNClientData: the newest application in the reference API's words", () => {
  const rejected = (status: ApplicationView["status"], rejectReasons: string[]): ApplicationView => ({
    ...app(status, 1),
    rejectReasons,
    rejectMessage: "The photo is blurred.",
  });

  it("is UNDEFINED with nothing else before any application", () => {
    expect(clientData([])).toEqual({
      status: "UNDEFINED",
      reason: null,
      rejectFormattedMessage: null,
      retryAllowed: false,
    });
  });

  it("maps every status to its word and says why only when denied", () => {
    const words = {
      NONE: "UNDEFINED",
      READY_TO_START: "UNDEFINED",
      IN_PROGRESS: "UNDER_REVIEW",
      UNDER_REVIEW: "UNDER_REVIEW",
      SUPPORT: "UNDER_REVIEW",
      APPROVED: "APPROVED",
    } as const;
    for (const [status, word] of Object.entries(words)) {
      // Reasons left on a later-approved application are not shown.
      expect(clientData([rejected(status as ApplicationView["status"], ["BLURRED"])])).toEqual({
        status: word,
        reason: null,
        rejectFormattedMessage: null,
        retryAllowed: false,
      });
    }
  });

  it("gives the first reason and the message of a rejection; only ACTION_NEEDED may be retried", () => {
    expect(clientData([rejected("REJECTED", ["FORGERY", "BLURRED"])])).toEqual({
      status: "DENIED",
      reason: "FORGERY",
      rejectFormattedMessage: "The photo is blurred.",
      retryAllowed: false,
    });
    expect(clientData([rejected("ACTION_NEEDED", [])])).toEqual({
      status: "DENIED",
      reason: null,
      rejectFormattedMessage: "The photo is blurred.",
      retryAllowed: true,
    });
  });

  it("reads the newest application only", () => {
    expect(clientData([app("APPROVED", 1), rejected("REJECTED", ["FORGERY"])]).status).toBe("APPROVED");
    expect(clientData([rejected("REJECTED", ["FORGERY"]), app("APPROVED", 5)]).status).toBe("DENIED");
  });
});

describe("kyc3ClientData: the newest limit-increase request", () => {
  const request = (status: LimitRequestView["status"], minutesAgo: number): LimitRequestView => ({
    status,
    createdAt: at(minutesAgo),
  });

  it("is UNDEFINED without a request, else the newest request's word; never a reason or a retry", () => {
    const rest = { reason: null, rejectFormattedMessage: null, retryAllowed: false };
    expect(limitRequestData([])).toEqual({ status: "UNDEFINED", ...rest });
    expect(limitRequestData([request("UNDER_REVIEW", 1)])).toEqual({ status: "UNDER_REVIEW", ...rest });
    expect(limitRequestData([request("APPROVED", 1), request("REJECTED", 9)])).toEqual({
      status: "APPROVED",
      ...rest,
    });
    expect(limitRequestData([request("REJECTED", 1), request("APPROVED", 9)])).toEqual({
      status: "DENIED",
      ...rest,
    });
  });
});
