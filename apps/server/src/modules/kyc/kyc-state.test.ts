import { describe, expect, it } from "vitest";
import { type ApplicationView, workOutState } from "./kyc-state.ts";

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
