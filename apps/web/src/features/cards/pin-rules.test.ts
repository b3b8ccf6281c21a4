import { describe, expect, it } from "vitest";
import { pinProblem } from "./pin-rules.ts";

describe("card PIN rules on the page (the server's, spec §5)", () => {
  it("names what is wrong", () => {
    expect(pinProblem("123")).toBe("FORMAT");
    expect(pinProblem("12a4")).toBe("FORMAT");
    expect(pinProblem("7777")).toBe("REPEATED");
    expect(pinProblem("2345")).toBe("SEQUENTIAL");
    expect(pinProblem("8765")).toBe("SEQUENTIAL");
  });
  it("accepts the rest", () => {
    for (const pin of ["1357", "1122", "7890", "2468"]) expect(pinProblem(pin)).toBeUndefined();
  });
});
