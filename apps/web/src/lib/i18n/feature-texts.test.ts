import { describe, expect, it } from "vitest";
import { applyTextOverrides, createI18n } from "./create-i18n.ts";
import { addFeatureTexts } from "./feature-texts.ts";

// Issue 32: a feature's texts load with its code, into the app's i18n whenever that was created.
describe("feature texts", () => {
  it("reach an instance created before and one created after they load", () => {
    const before = createI18n();
    const texts = { featureTextsTest: { title: "Earlier" } };
    expect(before.exists("featureTextsTest.title")).toBe(false);
    addFeatureTexts(texts);
    expect(before.t("featureTextsTest.title" as never)).toBe("Earlier");
    expect(createI18n().t("featureTextsTest.title" as never)).toBe("Earlier");
  });

  it("never replace a merchant's override applied before they loaded", () => {
    const instance = createI18n();
    applyTextOverrides(instance, { "featureTextsLate.title": "The merchant's words" });
    addFeatureTexts({ featureTextsLate: { title: "Default", text: "Default text" } });
    expect(instance.t("featureTextsLate.title" as never)).toBe("The merchant's words");
    expect(instance.t("featureTextsLate.text" as never)).toBe("Default text");
  });

  it("are in the entry's texts no more: the exchange's arrive with its code", async () => {
    const instance = createI18n();
    const { en } = await import("./en.ts");
    expect(Object.keys(en)).not.toContain("exchange");
    await import("./en-exchange.ts");
    expect(instance.exists("exchange.from")).toBe(true);
  });
});
