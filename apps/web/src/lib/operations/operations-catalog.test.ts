import { describe, expect, it } from "vitest";
import { operation } from "../../test/fake-config-service.ts";
import { availabilityOf } from "./operations-catalog.ts";

describe("availabilityOf", () => {
  it("is available when the operation's constraint is NONE", () => {
    expect(availabilityOf([operation("EXCHANGE")], ["EXCHANGE"])).toEqual({ state: "available" });
  });

  it("is under maintenance when the constraint is MAINTENANCE", () => {
    const catalog = [operation("EXCHANGE", { constraint: "MAINTENANCE", reason: "MAINTENANCE" })];
    expect(availabilityOf(catalog, ["EXCHANGE"])).toEqual({ state: "maintenance", operation: "EXCHANGE" });
  });

  it("is disabled with the catalog's reason when the constraint is DISABLED", () => {
    const catalog = [operation("CARDS", { constraint: "DISABLED", reason: "KYC_REQUIRED" })];
    expect(availabilityOf(catalog, ["CARDS"])).toEqual({ state: "disabled", reason: "KYC_REQUIRED" });
  });

  it("treats an operation the merchant does not list as disabled", () => {
    expect(availabilityOf([operation("EXCHANGE")], ["IBAN"])).toEqual({
      state: "disabled",
      reason: "DISABLED",
    });
  });

  it("keeps an entry of several operations usable while one of them is", () => {
    const catalog = [operation("PAYIN_CARD", { constraint: "MAINTENANCE" }), operation("PAYIN_CRYPTO")];
    expect(availabilityOf(catalog, ["PAYIN_CARD", "PAYIN_CRYPTO"])).toEqual({ state: "available" });
  });

  it("prefers maintenance over disabled when none of the operations is usable", () => {
    const catalog = [
      operation("PAYIN_CARD", { constraint: "DISABLED", reason: "DISABLED" }),
      operation("PAYIN_CRYPTO", { constraint: "MAINTENANCE" }),
    ];
    // The paused one is named: the maintenance modal says which.
    expect(availabilityOf(catalog, ["PAYIN_CARD", "PAYIN_CRYPTO"])).toEqual({
      state: "maintenance",
      operation: "PAYIN_CRYPTO",
    });
  });

  it("leaves entries usable while the catalog is not loaded (the server still refuses)", () => {
    expect(availabilityOf(undefined, ["EXCHANGE"])).toEqual({ state: "available" });
  });
});
