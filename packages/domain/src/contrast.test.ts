import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accentOnWhite, contrastRatio, isHex, MIN_TEXT_CONTRAST, readableTextColor } from "./index.ts";

const hex = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
  .map((rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`);

describe("contrast (WCAG 2), shared by the server, the web app and the back-office", () => {
  it("gives the ratios WCAG publishes", () => {
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 10);
    expect(contrastRatio("#FFFFFF", "#FFFFFF")).toBe(1);
    // The server's refusal example: white on #777777 is 4.48:1, below AA.
    expect(contrastRatio("#FFFFFF", "#777777")).toBeCloseTo(4.478, 3);
    expect(contrastRatio("#777777", "#FFFFFF")).toBe(contrastRatio("#FFFFFF", "#777777"));
  });

  it("reads lower and upper case hex alike, and knows a hex colour", () => {
    expect(contrastRatio("#1a237e", "#ffffff")).toBe(contrastRatio("#1A237E", "#FFFFFF"));
    expect(isHex("#1a237E")).toBe(true);
    for (const bad of ["1A237E", "#1A237", "#1A237EE", "#GGGGGG", "", null, undefined])
      expect(isHex(bad)).toBe(false);
  });

  it("picks readable text (black or white) meeting AA on any colour", () => {
    expect(readableTextColor("#FFCC00")).toBe("#000000");
    expect(readableTextColor("#1A237E")).toBe("#FFFFFF");
    fc.assert(fc.property(hex, (colour) => contrastRatio(colour, readableTextColor(colour)) >= 4.58));
  });

  it("takes the first brand colour readable on white as the accent, else black", () => {
    expect(accentOnWhite(["#1F5EFF", "#0B3BC4"])).toBe("#1F5EFF");
    expect(accentOnWhite(["#FFCC00", "#0A5A45"])).toBe("#0A5A45");
    expect(accentOnWhite(["#FFCC00", "#A0E0FF"])).toBe("#000000");
    fc.assert(
      fc.property(hex, hex, (a, b) => contrastRatio(accentOnWhite([a, b]), "#FFFFFF") >= MIN_TEXT_CONTRAST),
    );
  });
});
