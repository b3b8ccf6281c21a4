import { describe, expect, it } from "vitest";
import { ORDER_STEPS, screenOf } from "./order-steps.ts";

describe("card order steps", () => {
  it("are spec §2's six, in order", () => {
    expect(ORDER_STEPS).toEqual([
      "CARD_TYPE",
      "VERIFICATION",
      "INFORMATION",
      "CARDHOLDER_NAME",
      "BILLING_ADDRESS",
      "CHECKOUT",
    ]);
  });
  it("resume the server's step names on their screens", () => {
    expect(screenOf("CONFIRMATION")).toBe("VERIFICATION");
    expect(screenOf("SELECT_CURRENCY")).toBe("CHECKOUT");
    expect(screenOf("BILLING_ADDRESS")).toBe("BILLING_ADDRESS");
    expect(screenOf("nonsense")).toBe("CARD_TYPE");
  });
});
