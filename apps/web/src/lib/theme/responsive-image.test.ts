import { describe, expect, it } from "vitest";
import { merchantSrcSet, resizedUrl, widthFor } from "./responsive-image.ts";

describe("responsive merchant images", () => {
  it("lists every width of spec §9 for a merchant's raster image, as the server's WebP copies", () => {
    const srcset = merchantSrcSet("/merchant-assets/demo/hero.png") ?? "";
    expect(srcset.split(", ")).toEqual([
      "/merchant-images/demo/hero.png?w=640 640w",
      "/merchant-images/demo/hero.png?w=750 750w",
      "/merchant-images/demo/hero.png?w=828 828w",
      "/merchant-images/demo/hero.png?w=1080 1080w",
      "/merchant-images/demo/hero.png?w=1200 1200w",
      "/merchant-images/demo/hero.png?w=1920 1920w",
      "/merchant-images/demo/hero.png?w=2048 2048w",
      "/merchant-images/demo/hero.png?w=3840 3840w",
    ]);
  });

  it("leaves vector images, other hosts and other folders to their plain src", () => {
    expect(merchantSrcSet("/merchant-assets/demo/banner-earn.svg")).toBeUndefined();
    expect(merchantSrcSet("https://cdn.example/hero.png")).toBeUndefined();
    expect(merchantSrcSet("/assets/hero.png")).toBeUndefined();
    expect(merchantSrcSet("/merchant-assets/demo/../x/hero.png")).toBeUndefined();
    expect(resizedUrl("/merchant-assets/demo/photo.JPG", 750)).toBe("/merchant-images/demo/photo.JPG?w=750");
  });

  it("picks the smallest width that covers a background on this screen", () => {
    expect(widthFor(390, 3)).toBe(1200);
    expect(widthFor(390, 1)).toBe(640);
    expect(widthFor(1440, 2)).toBe(3840);
    expect(widthFor(5000, 1)).toBe(3840);
  });
});
