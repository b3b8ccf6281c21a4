import type { components } from "@kestrel/api-contract";
import contract from "@kestrel/api-contract/openapi.json" with { type: "json" };
import { describe, expect, expectTypeOf, it } from "vitest";
import { DISPLAY_STATUSES, type DisplayStatus } from "./index.ts";

type Schema = { enum?: string[]; properties?: Record<string, Schema> };
const schemas = contract.components.schemas as unknown as Record<string, Schema>;

describe("display statuses, one list for the server and the web app", () => {
  it("is the list the contract gives for a card's and an IBAN account's displayStatus", () => {
    expect(schemas.Card?.properties?.displayStatus?.enum).toEqual([...DISPLAY_STATUSES]);
    expect(new Set(DISPLAY_STATUSES).size).toBe(DISPLAY_STATUSES.length);
    expectTypeOf<components["schemas"]["Card"]["displayStatus"]>().toEqualTypeOf<DisplayStatus>();
  });
});
