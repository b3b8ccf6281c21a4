import type { components } from "@kestrel/api-contract";
import contract from "@kestrel/api-contract/openapi.json" with { type: "json" };
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  DOCUMENT_TYPE_PHRASES,
  DOCUMENT_TYPES,
  HOUSE_ACCOUNT_KINDS,
  type HouseAccountKind,
  KYC_CASE_KIND_PHRASES,
  KYC_CASE_KINDS,
  KYC_DECISION_PHRASES,
  KYC_DECISIONS,
  KYC_LEVEL_PHRASES,
  KYC_LEVELS,
  KYC_QUEUE_FILTER_PHRASES,
  KYC_QUEUE_FILTERS,
  KYC_REVIEW_REASON_PHRASES,
  KYC_REVIEW_REASONS,
  KYC_STATUS_PHRASES,
  KYC_STATUSES,
  type KycCaseKind,
  type KycDecision,
  type KycLevel,
  type KycReviewReason,
  type KycStatus,
  LEDGER_ACCOUNT_PHRASES,
  LEDGER_OPERATION_STATUS_PHRASES,
  OPERATOR_ROLE_PHRASES,
  OPERATOR_ROLES,
  type OperatorRole,
  TRANSFER_TYPE_PHRASES,
} from "./index.ts";

type Schema = { enum?: string[]; properties?: Record<string, Schema> };
const schemas = contract.components.schemas as unknown as Record<string, Schema>;
const enumOf = (schema: string, field: string) => schemas[schema]?.properties?.[field]?.enum;
const queueFilters = contract.paths["/admin/v1/kyc/cases"].get.parameters.find((p) => p.name === "status")
  ?.schema as Schema | undefined;
type Schemas = components["schemas"];

/** A code in visible text: SCREAMING_SNAKE or snake_case (words.test.ts's pattern). */
const CODE = /\b[A-Z]{2,}(_[A-Z0-9]+)+\b|\b[a-z]+_[a-z_]+\b/;

describe("the operators' words (issue 48): the lists the contract names, each with a phrase", () => {
  it("are the contract's lists, in its order", () => {
    expect(enumOf("Operator", "role")).toEqual([...OPERATOR_ROLES]);
    expect(enumOf("KycData", "kycLevel")).toEqual([...KYC_LEVELS]);
    expect(enumOf("KycData", "status")).toEqual([...KYC_STATUSES]);
    expect(enumOf("KycCase", "kind")).toEqual([...KYC_CASE_KINDS]);
    expect(enumOf("KycCaseDecision", "decision")).toEqual([...KYC_DECISIONS]);
    expect(enumOf("KycCaseDecision", "reason")).toEqual([...KYC_REVIEW_REASONS]);
    expect(queueFilters?.enum).toEqual([...KYC_QUEUE_FILTERS]);
    expect(new Set(enumOf("AdjustmentProposal", "houseAccount"))).toEqual(new Set(HOUSE_ACCOUNT_KINDS));
    expectTypeOf<Schemas["Operator"]["role"]>().toEqualTypeOf<OperatorRole>();
    expectTypeOf<Schemas["KycData"]["kycLevel"]>().toEqualTypeOf<KycLevel>();
    expectTypeOf<Schemas["KycData"]["status"]>().toEqualTypeOf<KycStatus>();
    expectTypeOf<Schemas["KycCase"]["kind"]>().toEqualTypeOf<KycCaseKind>();
    expectTypeOf<Schemas["KycCaseDecision"]["decision"]>().toEqualTypeOf<KycDecision>();
    expectTypeOf<Schemas["KycCaseDecision"]["reason"]>().toEqualTypeOf<KycReviewReason>();
    expectTypeOf<Schemas["AdjustmentProposal"]["houseAccount"]>().toEqualTypeOf<HouseAccountKind>();
  });

  it("give every code a phrase, and never a code as a phrase", () => {
    const tables: Record<string, string>[] = [
      OPERATOR_ROLE_PHRASES,
      KYC_LEVEL_PHRASES,
      KYC_STATUS_PHRASES,
      KYC_CASE_KIND_PHRASES,
      KYC_DECISION_PHRASES,
      KYC_REVIEW_REASON_PHRASES,
      KYC_QUEUE_FILTER_PHRASES,
      DOCUMENT_TYPE_PHRASES,
      LEDGER_ACCOUNT_PHRASES,
      TRANSFER_TYPE_PHRASES,
      LEDGER_OPERATION_STATUS_PHRASES,
    ];
    for (const table of tables)
      for (const [code, phrase] of Object.entries(table)) {
        expect(phrase.trim(), code).toBeTruthy();
        expect(phrase, code).not.toMatch(CODE);
      }
    expect(Object.keys(DOCUMENT_TYPE_PHRASES)).toEqual([...DOCUMENT_TYPES]);
  });
});
