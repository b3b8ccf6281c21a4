import { describe, expect, it } from "vitest";
import { pinProblem } from "./card-pin-rules.ts";

describe("card PIN rules (spec §5)", () => {
  it("refuses anything but 4 digits", () => {
    for (const pin of ["", "123", "12345", "12a4", " 1357", "１３５７"])
      expect(pinProblem(pin)).toBe("FORMAT");
  });
  it("refuses one digit repeated", () => {
    for (const pin of ["0000", "1111", "9999"]) expect(pinProblem(pin)).toBe("REPEATED");
  });
  it("refuses digits in a row, up or down", () => {
    for (const pin of ["0123", "1234", "6789", "3210", "9876"]) expect(pinProblem(pin)).toBe("SEQUENTIAL");
  });
  it("accepts the rest, including near misses", () => {
    for (const pin of ["1357", "1235", "1122", "9870", "7890", "2468", "0987"])
      expect(pinProblem(pin)).toBeUndefined();
  });
});
