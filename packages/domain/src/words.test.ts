import type { components } from "@kestrel/api-contract";
import contract from "@kestrel/api-contract/openapi.json" with { type: "json" };
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  HISTORY_STATUS_PHRASES,
  HISTORY_STATUSES,
  HISTORY_TYPE_PHRASES,
  HISTORY_TYPES,
  type HistoryStatus,
  type HistoryType,
  historyTypePhrase,
  LEDGER_OPERATION_PHRASES,
  ledgerOperationPhrase,
} from "./index.ts";

type Schema = { enum?: string[]; properties?: Record<string, Schema> };
const schemas = contract.components.schemas as unknown as Record<string, Schema>;

/** The acceptance pattern for a raw code in visible text, and the snake_case codes. */
const CODE = /\b[A-Z]{2,}(_[A-Z0-9]+)+\b|\b[a-z]+_[a-z_]+\b/;

const enumOf = (schema: string, field: string) => schemas[schema]?.properties?.[field]?.enum ?? [];

describe("the domain's words (issues 47 and 48)", () => {
  it("names every operation type and status the history API returns", () => {
    const types = enumOf("HistoryOperation", "type");
    const statuses = enumOf("HistoryOperation", "status");
    expect(types.length).toBeGreaterThan(10);
    expect(new Set(types)).toEqual(new Set(HISTORY_TYPES));
    expect(new Set(statuses)).toEqual(new Set(HISTORY_STATUSES));
    expectTypeOf<components["schemas"]["HistoryOperation"]["type"]>().toEqualTypeOf<HistoryType>();
    expectTypeOf<components["schemas"]["HistoryOperation"]["status"]>().toEqualTypeOf<HistoryStatus>();
    for (const type of types) expect(HISTORY_TYPE_PHRASES[type as HistoryType]?.trim()).toBeTruthy();
    for (const status of statuses)
      expect(HISTORY_STATUS_PHRASES[status as HistoryStatus]?.trim()).toBeTruthy();
  });

  it("never gives a code as a phrase", () => {
    const phrases = [
      ...Object.values(HISTORY_TYPE_PHRASES),
      ...Object.values(HISTORY_STATUS_PHRASES),
      ...Object.values(LEDGER_OPERATION_PHRASES),
    ];
    for (const phrase of phrases) expect(phrase).not.toMatch(CODE);
  });

  it("reads a send by phone as received on the receiving side", () => {
    expect(historyTypePhrase("SEND_TO_PHONE", "IN")).toBe("Received by phone");
    expect(historyTypePhrase("SEND_TO_PHONE", "OUT")).toBe("Sent by phone");
  });

  it("names a ledger kind it does not know without showing the code", () => {
    expect(ledgerOperationPhrase("payin_crypto")).toBe("Received crypto");
    expect(ledgerOperationPhrase("some_old_kind")).not.toMatch(CODE);
  });
});
