import { describe, expect, it } from "vitest";
import { keyForAction } from "./action-key.ts";
import { computeSend } from "./send-amounts.ts";

describe("computeSend", () => {
  it("adds the fee to the amount exactly", () => {
    expect(computeSend("0.1", "0.0001", "1", "BTC")).toEqual({
      ok: true,
      amount: 10_000_000n,
      fee: 10_000n,
      total: 10_010_000n,
    });
    expect(computeSend("10", "0", "10.00", "EUR")).toMatchObject({ ok: true, total: 1000n });
  });

  it("refuses an empty, zero or malformed amount, and one above the available balance", () => {
    expect(computeSend("", "0", "1", "BTC")).toEqual({ ok: false, reason: "amount" });
    expect(computeSend("0.00", "0", "1", "BTC")).toEqual({ ok: false, reason: "amount" });
    expect(computeSend("1.001", "0", "5", "EUR")).toEqual({ ok: false, reason: "amount" });
    expect(computeSend("1", "0.00000001", "1", "BTC")).toEqual({ ok: false, reason: "exceeds" });
  });
});

describe("keyForAction", () => {
  it("reuses the key for a retry of the same action and makes a new one for another", () => {
    let n = 0;
    const next = () => `key-${++n}`;
    const first = keyForAction(null, "EUR|10|4915112345678", next);
    expect(first.key).toBe("key-1");
    expect(keyForAction(first, "EUR|10|4915112345678", next)).toBe(first);
    expect(keyForAction(first, "EUR|11|4915112345678", next).key).toBe("key-2");
    expect(keyForAction(null, "EUR|10|4915112345678", next).key).toBe("key-3");
  });
});
