import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates.ts";

const moment = new Date("2026-12-07T15:02:09Z");

describe("formatDate (spec §9)", () => {
  it.each([
    ["D MMMM YYYY", "7 December 2026"],
    ["DD.MM.YYYY", "07.12.2026"],
    ["DD-MM-YYYY", "07-12-2026"],
    ["HH:mm", "15:02"],
    ["MMMM YYYY", "December 2026"],
  ] as const)("%s reads %j in UTC", (format, expected) => {
    expect(formatDate(moment, format, "UTC")).toBe(expected);
  });

  it("reads the calendar of the named time zone", () => {
    expect(formatDate("2026-12-31T23:30:00Z", "D MMMM YYYY", "Europe/Amsterdam")).toBe("1 January 2027");
    expect(formatDate("2026-12-31T23:30:00Z", "HH:mm", "Europe/Amsterdam")).toBe("00:30");
  });

  it("joins date and time for a moment", () => {
    expect(formatDateTime(moment, "UTC")).toBe("7 December 2026, 15:02");
  });

  it("refuses an invalid date instead of printing NaN", () => {
    expect(() => formatDate("not a date", "HH:mm", "UTC")).toThrow(RangeError);
  });
});
