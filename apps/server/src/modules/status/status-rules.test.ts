import { describe, expect, it } from "vitest";
import type { Party } from "../../providers/party-coverage.ts";
import type { OperationSwitch } from "../catalog/index.ts";
import type { FollowerState, ProviderHealth } from "./status.types.ts";
import { FAILURE_MEMORY_MS, FOLLOWER_LAG_MS, statusComponents } from "./status-rules.ts";

const now = new Date("2026-11-27T10:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const op = (
  operationType: OperationSwitch["operationType"],
  constraint: "NONE" | "MAINTENANCE" = "NONE",
) => ({
  operationType,
  name: operationType,
  constraint,
  since: ago(3_600_000),
});
const OPERATIONS = [
  op("EXCHANGE"),
  op("PAYIN_CARD"),
  op("PAYOUT_CARD"),
  op("PAYIN_CRYPTO"),
  op("PAYOUT_CRYPTO"),
];
const acquirer = (failures: number, lastFailureMs = 1_000): ProviderHealth => ({
  provider: "acquirer",
  consecutiveFailures: failures,
  failingSince: failures > 0 ? ago(600_000) : null,
  lastFailureAt: failures > 0 ? ago(lastFailureMs) : null,
});
const follower = (f: Partial<FollowerState>): FollowerState => ({
  network: "evm:1",
  height: 100,
  head: 100,
  caughtUpAt: ago(1_000),
  updatedAt: ago(1_000),
  ...f,
});
const states = (facts: {
  operations?: OperationSwitch[];
  providers?: ProviderHealth[];
  followers?: FollowerState[];
  unavailable?: ReadonlyMap<OperationSwitch["operationType"], Party>;
}) =>
  Object.fromEntries(
    statusComponents({ operations: OPERATIONS, providers: [], followers: [], now, ...facts }).map((c) => [
      c.feature,
      c.state,
    ]),
  );

describe("statusComponents", () => {
  it("says OPERATIONAL with no since or message when nothing is wrong", () => {
    const all = statusComponents({
      operations: OPERATIONS,
      providers: [acquirer(0)],
      followers: [follower({})],
      now,
    });
    expect(all.every((c) => c.state === "OPERATIONAL" && c.since === null && c.message === null)).toBe(true);
  });

  it("says MAINTENANCE since the switch changed", () => {
    const [exchange] = statusComponents({
      operations: [op("EXCHANGE", "MAINTENANCE")],
      providers: [],
      followers: [],
      now,
    });
    expect(exchange).toMatchObject({ feature: "EXCHANGE", state: "MAINTENANCE", since: ago(3_600_000) });
    expect(exchange?.message).toMatch(/maintenance/);
  });

  it("degrades card payments after three failed acquirer calls in a row, since the first", () => {
    expect(states({ providers: [acquirer(2)] }).PAYIN_CARD).toBe("OPERATIONAL");
    const all = statusComponents({ operations: OPERATIONS, providers: [acquirer(3)], followers: [], now });
    const payin = all.find((c) => c.feature === "PAYIN_CARD");
    expect(payin).toMatchObject({ state: "DEGRADED", since: ago(600_000) });
    expect(states({ providers: [acquirer(3)] })).toMatchObject({
      PAYOUT_CARD: "DEGRADED",
      EXCHANGE: "OPERATIONAL",
    });
    // A run with no call for a long while says nothing any more.
    expect(states({ providers: [acquirer(3, FAILURE_MEMORY_MS + 1)] }).PAYIN_CARD).toBe("OPERATIONAL");
  });

  it("keeps MAINTENANCE over DEGRADED: the merchant's pause is what the customer meets", () => {
    const operations = [op("PAYIN_CARD", "MAINTENANCE")];
    expect(states({ operations, providers: [acquirer(5)] }).PAYIN_CARD).toBe("MAINTENANCE");
  });

  it("says UNAVAILABLE, with why and no since, for a feature whose party is not connected", () => {
    const unavailable = new Map<OperationSwitch["operationType"], Party>([
      ["PAYIN_CARD", "acquirer"],
      ["PAYOUT_CARD", "acquirer"],
    ]);
    const all = statusComponents({ operations: OPERATIONS, providers: [], followers: [], unavailable, now });
    expect(all.find((c) => c.feature === "PAYIN_CARD")).toMatchObject({
      state: "UNAVAILABLE",
      since: null,
      message: expect.stringMatching(/Card payments are not available/),
    });
    expect(states({ unavailable }).EXCHANGE).toBe("OPERATIONAL");
    // Not connected outranks failing calls (the stand-in's 503s); the merchant's pause outranks both.
    expect(states({ unavailable, providers: [acquirer(5)] }).PAYOUT_CARD).toBe("UNAVAILABLE");
    const operations = [op("PAYIN_CARD", "MAINTENANCE")];
    expect(states({ operations, unavailable }).PAYIN_CARD).toBe("MAINTENANCE");
  });

  it("degrades crypto when a follower has not reached the head, or not run, for a while", () => {
    const behind = follower({ height: 40, head: 100, caughtUpAt: ago(FOLLOWER_LAG_MS + 1) });
    const all = statusComponents({ operations: OPERATIONS, providers: [], followers: [behind], now });
    const payin = all.find((c) => c.feature === "PAYIN_CRYPTO");
    expect(payin).toMatchObject({ state: "DEGRADED", since: ago(FOLLOWER_LAG_MS + 1) });
    expect(payin?.message).toContain("60 blocks behind");
    expect(states({ followers: [follower({ updatedAt: ago(FOLLOWER_LAG_MS + 1) })] }).PAYOUT_CRYPTO).toBe(
      "DEGRADED",
    );
    // Behind for a moment (one pass from the head) is ordinary.
    expect(states({ followers: [follower({ height: 60, head: 100 })] }).PAYIN_CRYPTO).toBe("OPERATIONAL");
  });
});
