import contract from "@kestrel/api-contract/openapi.json";
import { describe, expect, it } from "vitest";
import { enWords } from "./en-words.ts";

/**
 * Issue 47, Deliver 5: every status, kind, plan and level the customer API returns has one
 * phrase in the words map, so no screen falls back to the raw code. The codes are read from the
 * contract itself: a new enum value without a phrase fails here.
 */
type Schema = { $ref?: string; enum?: unknown[]; properties?: Record<string, Schema>; [k: string]: unknown };

const spec = contract as unknown as {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  components: { schemas: Record<string, Schema> };
};

// Fields whose codes a customer reads, each with its own phrases (a card's FIX plan is not an
// earn deposit's FIX).
const FIELDS = [
  "status",
  "displayStatus",
  "deliveryState",
  "operationStatus",
  "transactionStatus",
  "kind",
  "plan",
  "productType",
  "kycLevel",
  "level",
] as const;

/** Not for customers: operators' API, the sandbox, probes and providers' callbacks. */
const internal = (path: string) =>
  /^\/(admin|sandbox|healthz|readyz)\b/.test(path) || /callback|notifications/.test(path);

function customerCodes(): Map<string, Set<string>> {
  const codes = new Map<string, Set<string>>();
  const seen = new Set<object>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    const schema = node as Schema;
    if (schema.$ref) walk(spec.components.schemas[schema.$ref.split("/").pop() ?? ""]);
    for (const [field, value] of Object.entries(schema.properties ?? {})) {
      if (!(FIELDS as readonly string[]).includes(field)) continue;
      for (const code of enumOf(value)) {
        if (!codes.has(field)) codes.set(field, new Set());
        codes.get(field)?.add(code);
      }
    }
    for (const value of Object.values(schema)) walk(value);
  };
  for (const [path, operations] of Object.entries(spec.paths)) {
    if (internal(path)) continue;
    for (const operation of Object.values(operations)) walk(operation.responses);
  }
  return codes;
}

function enumOf(schema: Schema): string[] {
  const values: unknown[] = [...(schema.enum ?? [])];
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    for (const part of (schema[key] as Schema[] | undefined) ?? []) values.push(...enumOf(part));
  }
  if (schema.$ref) values.push(...enumOf(spec.components.schemas[schema.$ref.split("/").pop() ?? ""] ?? {}));
  return values.filter((v): v is string => typeof v === "string");
}

describe("the words map (issue 47)", () => {
  const codes = customerCodes();

  it("reads the codes of the customer API from the contract", () => {
    expect(codes.get("plan")).toContain("FLEX_WEEKLY");
    expect(codes.get("kycLevel")).toEqual(new Set(["KYC_0", "KYC_2"]));
  });

  it.each(FIELDS.filter((f) => codes.has(f)))("has a phrase for every %s code", (field) => {
    const phrases = (enWords.words as Record<string, Record<string, string>>)[field] ?? {};
    const missing = [...(codes.get(field) ?? [])].filter((code) => !phrases[code]?.trim());
    expect(missing.join(" ")).toBe("");
  });

  it("has a phrase for every type and status of a history operation (the domain's)", () => {
    const operation = spec.components.schemas.HistoryOperation?.properties ?? {};
    for (const [field, key] of [
      ["type", "operationType"],
      ["status", "operationStatus"],
    ] as const) {
      const codes = enumOf(operation[field] ?? {});
      expect(codes.length).toBeGreaterThan(2);
      const phrases = (enWords.words as Record<string, Record<string, string>>)[key] ?? {};
      expect(codes.filter((code) => !phrases[code]?.trim()).join(" ")).toBe("");
    }
  });

  it("never shows a code as its own phrase", () => {
    for (const phrases of Object.values(enWords.words)) {
      for (const [code, phrase] of Object.entries(phrases as Record<string, string>)) {
        expect(phrase).not.toBe(code);
        // The acceptance pattern for a raw code in visible text.
        expect(phrase).not.toMatch(/\b[A-Z]{2,}(_[A-Z0-9]+)+\b/);
      }
    }
  });
});
