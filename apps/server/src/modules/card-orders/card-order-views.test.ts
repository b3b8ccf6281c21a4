import { describe, expect, it } from "vitest";
import { programText } from "./card-order-views.ts";

describe("programText: what a customer reads about a card program", () => {
  it("is the merchant's configured name and description", () => {
    const merchant = {
      title: "Nimbus Pay",
      cardPrograms: { CP_1: { name: "Nimbus Card", description: " Spend anywhere. " } },
    };
    expect(programText(merchant, "CP_1")).toEqual({ name: "Nimbus Card", description: "Spend anywhere." });
  });

  it("falls back to the merchant's name, never the bare code, and no description", () => {
    const merchant = { title: "Nimbus Pay", cardPrograms: { CP_1: { name: " ", description: "x" } } };
    expect(programText(merchant, "CP_1")).toEqual({ name: "Nimbus Pay card", description: null });
    expect(programText(merchant, "CP_2")).toEqual({ name: "Nimbus Pay card 2", description: null });
  });
});
