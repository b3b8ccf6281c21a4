import { describe, expect, it } from "vitest";
import { HISTORY_STATUSES, HISTORY_TYPES } from "../../db/schema/history.ts";
import { PENDING_STATUSES, PENDING_TEXTS, pendingFields, pendingText } from "./pending-texts.ts";

const DIRECTIONS = ["IN", "OUT"] as const;

describe("the pending texts", () => {
  // Every kind, every waiting status, both directions: a missing or empty text fails here.
  for (const type of HISTORY_TYPES) {
    for (const status of PENDING_STATUSES) {
      for (const direction of DIRECTIONS) {
        it(`${type} ${status} ${direction} says why, what next and how long`, () => {
          expect(PENDING_TEXTS[type]?.[status], `${type} ${status}`).toBeDefined();
          const text = pendingText({ type, status, direction, details: {} });
          expect(text?.reason).toMatch(/\w{3,}.*\.$/);
          expect(text?.nextStep).toMatch(/\w{3,}.*\.$/);
          expect(text?.expectedTime).toMatch(/\w{3,}.*\.$/);
        });
      }
    }
  }

  it("knows every waiting status of the history (a new one must bring its texts)", () => {
    const waiting = HISTORY_STATUSES.filter((s) => s !== "COMPLETED" && s !== "FAILED");
    expect([...PENDING_STATUSES].sort()).toEqual([...waiting].sort());
  });

  it("says nothing once an operation is final", () => {
    for (const status of ["COMPLETED", "FAILED"] as const) {
      expect(pendingFields({ type: "PAYIN_CARD", status, direction: "IN", details: {} })).toEqual({
        pendingReason: null,
        nextStep: null,
        expectedTime: null,
      });
    }
  });

  it("tells a chain transfer's confirmations so far, and a held send by phone its 7 days", () => {
    const receive = pendingText({
      type: "RECEIVE_CRYPTO",
      status: "PENDING",
      direction: "IN",
      details: { confirmations: 2, requiredConfirmations: 12 },
    });
    expect(receive?.reason).toContain("2 of 12 confirmations so far.");
    const held = pendingText({ type: "SEND_TO_PHONE", status: "PENDING", direction: "OUT", details: {} });
    expect(held?.expectedTime).toBe("Up to 7 days.");
  });
});
