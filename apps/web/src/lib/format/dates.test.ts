import { describe, expect, it } from "vitest";
import { formatDate } from "./dates.ts";
import { formatTimer } from "./timer.ts";

// Built from local parts so the expectations hold in any time zone the tests run in.
const date = new Date(2024, 2, 5, 9, 7, 30);

describe("formatDate (spec §9 formats)", () => {
  it("D MMMM YYYY", () => expect(formatDate(date, "long")).toBe("5 March 2024"));
  it("DD.MM.YYYY", () => expect(formatDate(date, "dotted")).toBe("05.03.2024"));
  it("DD-MM-YYYY", () => expect(formatDate(date, "dashed")).toBe("05-03-2024"));
  it("HH:mm", () => expect(formatDate(date, "time")).toBe("09:07"));
  it("MMMM YYYY", () => expect(formatDate(date, "monthYear")).toBe("March 2024"));

  it("gives an empty string for an invalid date instead of 'Invalid Date'", () => {
    expect(formatDate("not a date", "long")).toBe("");
  });
});

describe("formatTimer (mm:ss)", () => {
  it("pads minutes and seconds", () => {
    expect(formatTimer(60)).toBe("01:00");
    expect(formatTimer(59)).toBe("00:59");
    expect(formatTimer(5)).toBe("00:05");
    expect(formatTimer(0)).toBe("00:00");
  });

  it("never shows a negative time", () => {
    expect(formatTimer(-3)).toBe("00:00");
  });
});
