import { DISPLAY_STATUSES } from "@kestrel/domain";
import { describe, expect, it } from "vitest";
import { en } from "../i18n/en.ts";
import { statusTextKeys, toneOf } from "./display-status.ts";

describe("display statuses", () => {
  it("explain every status of spec §3's second list with a label, a text and a tone", () => {
    for (const status of DISPLAY_STATUSES) {
      const keys = statusTextKeys(status);
      const texts = en.status.display[status];
      expect(keys.label).toBe(`status.display.${status}.label`);
      expect(texts.label.length).toBeGreaterThan(2);
      expect(texts.text.length).toBeGreaterThan(10);
      expect(["positive", "pending", "attention", "negative", "neutral"]).toContain(toneOf(status));
    }
  });
  it("say of a pending status what comes next and about how long", () => {
    expect(en.status.display.PROGRESS.text).toMatch(/minutes|days/);
    expect(en.status.display.VERIFICATION.text).toMatch(/minutes/);
  });
});
