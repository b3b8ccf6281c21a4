import { describe, expect, it } from "vitest";
import { applyMerchantTheme } from "./apply-merchant-theme.ts";
import { safeUrl } from "./safe-url.ts";

const settings = {
  favicon: "https://cdn.example.com/favicon.png",
  horizontalImage: "https://cdn.example.com/logo.svg",
  buttonColor1: "#FFCC00",
  buttonColor2: "#1A237E",
  backgroundColor: "#F4F5F7",
  backgroundImage: "https://cdn.example.com/bg.jpg",
};

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
