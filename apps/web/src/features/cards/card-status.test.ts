import { describe, expect, it } from "vitest";
import { isInFlight } from "./card-status.ts";

describe("card statuses in flight (spec §4)", () => {
  it("are ACTION_NEEDED, IN_PROGRESS, COLLECTION and SUPPORT, and no other", () => {
    const all = [
      "COLLECTION",
      "IN_PROGRESS",
      "ACTIVATION",
      "ACTIVE",
      "SUPPORT",
      "ACTION_NEEDED",
      "SOFT_BLOCKED",
      "HARD_BLOCKED",
      "INACTIVE",
      "BLOCKED",
      "MULTI_ACCOUNT",
      "KYC_FORBIDDEN_COUNTRY",
      "PREORDERED",
    ] as const;
    expect(all.filter((status) => isInFlight({ status }))).toEqual([
      "COLLECTION",
      "IN_PROGRESS",
      "SUPPORT",
      "ACTION_NEEDED",
    ]);
  });
});
