import { HISTORY_TYPES as ALL_HISTORY_TYPES } from "@kestrel/domain";
import { describe, expect, it } from "vitest";
import { HISTORY_TYPES } from "./history-queries.ts";

describe("the history page's type filter", () => {
  it("offers every history type of the domain but the IBAN account's three, in the domain's order", () => {
    const left = ALL_HISTORY_TYPES.filter((type) => !HISTORY_TYPES.includes(type));
    expect(left).toEqual(["IBAN_RECEIVE", "IBAN_WITHDRAW", "EXCHANGE_IBAN"]);
    expect(HISTORY_TYPES).toHaveLength(ALL_HISTORY_TYPES.length - 3);
    expect(HISTORY_TYPES).toEqual(ALL_HISTORY_TYPES.filter((type) => HISTORY_TYPES.includes(type)));
    expect(HISTORY_TYPES).toContain("ADJUSTMENT");
  });
});
