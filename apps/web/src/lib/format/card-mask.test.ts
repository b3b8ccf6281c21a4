import { describe, expect, it } from "vitest";
import { maskCardNumber } from "./card-mask.ts";

describe("maskCardNumber (spec §9)", () => {
  const pan = "4111111111111234";

  it("medium shows first4 •••• last4", () => {
    expect(maskCardNumber(pan, "medium")).toBe("4111 •••• 1234");
  });

  it("large shows first4 •• last4", () => {
    expect(maskCardNumber(pan, "large")).toBe("4111 •• 1234");
  });

  it("short shows •• last4", () => {
    expect(maskCardNumber(pan, "short")).toBe("•• 1234");
  });

  it("full shows •••• •••• •••• last4", () => {
    expect(maskCardNumber(pan, "full")).toBe("•••• •••• •••• 1234");
  });

  it("reads digits out of an already masked number", () => {
    expect(maskCardNumber("4111 11** **** 1234", "medium")).toBe("4111 •••• 1234");
  });

  it("shows the word internal as Internal", () => {
    expect(maskCardNumber("internal", "medium")).toBe("Internal");
    expect(maskCardNumber("INTERNAL", "short")).toBe("Internal");
  });
});
