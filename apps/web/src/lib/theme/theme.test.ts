import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyMerchantTheme } from "./apply-merchant-theme.ts";
import { accentOnWhite, contrastRatio, readableTextColor } from "./contrast.ts";
import { safeUrl } from "./safe-url.ts";

const settings = {
  favicon: "https://cdn.example.com/favicon.png",
  horizontalImage: "https://cdn.example.com/logo.svg",
  buttonColor1: "#FFCC00",
  buttonColor2: "#1A237E",
  backgroundColor: "#F4F5F7",
  backgroundImage: "https://cdn.example.com/bg.jpg",
};

describe("readableTextColor", () => {
  it("meets WCAG AA (4.5:1) on any merchant colour", () => {
    const hex = fc
      .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
      .map((rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`);
    fc.assert(fc.property(hex, (color) => contrastRatio(color, readableTextColor(color)) >= 4.5));
  });

  it("puts black text on yellow and white text on navy", () => {
    expect(readableTextColor("#FFCC00")).toBe("#000000");
    expect(readableTextColor("#1A237E")).toBe("#FFFFFF");
  });
});

describe("applyMerchantTheme", () => {
  it("sets the merchant colours as CSS variables, with readable text colours", () => {
    applyMerchantTheme(document, settings);
    const style = document.documentElement.style;
    expect(style.getPropertyValue("--button-color-1")).toBe("#FFCC00");
    expect(style.getPropertyValue("--button-color-2")).toBe("#1A237E");
    expect(style.getPropertyValue("--background-color")).toBe("#F4F5F7");
    expect(style.getPropertyValue("--button-text-color-1")).toBe("#000000");
    expect(style.getPropertyValue("--button-text-color-2")).toBe("#FFFFFF");
    expect(style.getPropertyValue("--background-image")).toBe('url("https://cdn.example.com/bg.jpg")');
  });

  it("points the favicon at the merchant's icon", () => {
    applyMerchantTheme(document, settings);
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href).toBe(settings.favicon);
  });

  it("ignores a background image that is not an http(s) address", () => {
    applyMerchantTheme(document, { ...settings, backgroundImage: "javascript:alert(1)" });
    expect(document.documentElement.style.getPropertyValue("--background-image")).toBe("none");
  });
});

describe("safeUrl", () => {
  it("keeps http(s) and same-origin paths, refuses other schemes", () => {
    expect(safeUrl("https://example.com/a.png")).toBe("https://example.com/a.png");
    expect(safeUrl("/static/logo.svg")).toBe("/static/logo.svg");
    expect(safeUrl("//evil.example.com/x")).toBeUndefined();
    expect(safeUrl("javascript:alert(1)")).toBeUndefined();
    expect(safeUrl("data:image/svg+xml,<svg/>")).toBeUndefined();
    expect(safeUrl(null)).toBeUndefined();
  });
});

describe("accentOnWhite: the secondary button's colour", () => {
  it("is the first brand colour readable on white, else black", () => {
    expect(accentOnWhite(["#1F5EFF", "#0B3BC4"])).toBe("#1F5EFF");
    expect(accentOnWhite(["#FFCC00", "#0A5A45"])).toBe("#0A5A45");
    expect(accentOnWhite(["#FFCC00", "#A0E0FF"])).toBe("#000000");
    const hex = fc
      .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
      .map((rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`);
    fc.assert(fc.property(hex, hex, (a, b) => contrastRatio(accentOnWhite([a, b]), "#FFFFFF") >= 4.5));
  });
});
