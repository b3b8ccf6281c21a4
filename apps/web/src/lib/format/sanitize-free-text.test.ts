import { describe, expect, it } from "vitest";
import { sanitizeFreeText } from "./sanitize-free-text.ts";

describe("sanitizeFreeText (spec §5)", () => {
  it("removes characters other than letters, digits, hyphen, comma, period and whitespace", () => {
    expect(sanitizeFreeText("Main St. 5, apt-3 <script>!@#$%^&*()_+=;:'\"/?")).toBe(
      "Main St. 5, apt-3 script",
    );
  });

  it("keeps letters of other scripts and accented letters", () => {
    expect(sanitizeFreeText("Zoë Łódź Müller-Lüdenscheidt")).toBe("Zoë Łódź Müller-Lüdenscheidt");
  });

  it("trims a leading space, however long", () => {
    expect(sanitizeFreeText(" Berlin")).toBe("Berlin");
    expect(sanitizeFreeText("   Berlin")).toBe("Berlin");
  });

  it("collapses a trailing double space into one", () => {
    expect(sanitizeFreeText("New  ")).toBe("New ");
    expect(sanitizeFreeText("New ")).toBe("New ");
  });

  it("collapses only at the end: spaces between words are left as they are", () => {
    expect(sanitizeFreeText("New  York  ")).toBe("New  York ");
  });
});
