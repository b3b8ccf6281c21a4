import type { components } from "@kestrel/api-contract";
import contract from "@kestrel/api-contract/openapi.json" with { type: "json" };
import { describe, expect, expectTypeOf, it } from "vitest";
import { DOCUMENT_TYPES, type DocumentType, IDENTITY_FRONTS } from "./index.ts";

type Schema = { enum?: string[]; properties?: Record<string, Schema> };
const schemas = contract.components.schemas as unknown as Record<string, Schema>;

describe("KYC document types, one list for the server and the back-office", () => {
  it("is the list the contract accepts where an operator asks for a document again", () => {
    const document = schemas.KycCaseDecision?.properties?.document?.enum;
    expect(document).toEqual([...DOCUMENT_TYPES]);
    expectTypeOf<
      NonNullable<components["schemas"]["KycCaseDecision"]["document"]>
    >().toEqualTypeOf<DocumentType>();
  });

  it("names each type once, the identity fronts among them, and no video", () => {
    expect(new Set(DOCUMENT_TYPES).size).toBe(DOCUMENT_TYPES.length);
    for (const front of IDENTITY_FRONTS) expect(DOCUMENT_TYPES).toContain(front);
    expect(DOCUMENT_TYPES).not.toContain("VIDEO_VERIFICATION");
  });
});
