import { describe, expect, it } from "vitest";
import { cardNumberState, groupCardNumber, parseExpiry } from "./card-number.ts";

describe("card number input", () => {
  it("groups the digits as typed, as printed on the card", () => {
    expect(groupCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(groupCardNumber("4242 42a")).toBe("4242 42");
    expect(groupCardNumber("378282246310005")).toBe("3782 822463 10005");
  });

  it("checks Luhn live: incomplete while typing, invalid once a full number fails", () => {
    expect(cardNumberState("4242")).toBe("incomplete");
    expect(cardNumberState("4242424242424242")).toBe("valid");
    expect(cardNumberState("4242424242424241")).toBe("invalid");
  });

  it("takes a future MM/YY only", () => {
    const now = new Date(2026, 10, 24);
    expect(parseExpiry("12/30", now)).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("11/26", now)).toEqual({ month: 11, year: 2026 });
    expect(parseExpiry("10/26", now)).toBeUndefined();
    expect(parseExpiry("13/30", now)).toBeUndefined();
    expect(parseExpiry("12 / 2030", now)).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("1230", now)).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("123", now)).toBeUndefined();
    expect(parseExpiry("12/60", now)).toBeUndefined();
  });

  it("judges the month by the day it is given, not the machine's clock", () => {
    expect(parseExpiry("11/26", new Date(2026, 10, 1))).toEqual({ month: 11, year: 2026 });
    expect(parseExpiry("11/26", new Date(2026, 11, 1))).toBeUndefined();
  });
});
