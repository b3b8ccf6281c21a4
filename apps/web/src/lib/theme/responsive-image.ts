/**
 * Spec §9's image widths (640 to 3840), as the server resizes them
 * (apps/server/src/plugins/merchant-images.ts holds the same list and refuses any other).
 */
const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;

const MERCHANT_RASTER = /^\/merchant-assets\/([a-z0-9-]+\/[A-Za-z0-9._-]+\.(?:png|jpe?g|webp|avif))$/i;

/** The WebP copy of a merchant's raster image at `width`, or undefined for anything else. */
export function resizedUrl(url: string, width: number): string | undefined {
  const file = MERCHANT_RASTER.exec(url)?.[1];
  return file ? `/merchant-images/${file}?w=${width}` : undefined;
}

/**
 * `srcset` for a merchant's raster image served by this product: every width of spec §9 as WebP,
 * so the browser downloads the one its layout and screen need. Undefined for vector images (SVG
 * is sharp at any width) and images on other hosts, which keep their plain `src`.
 */
export function merchantSrcSet(url: string): string | undefined {
  if (!resizedUrl(url, IMAGE_WIDTHS[0])) return undefined;
  return IMAGE_WIDTHS.map((width) => `${resizedUrl(url, width)} ${width}w`).join(", ");
}

/** The smallest width covering `cssPixels` on this screen (for CSS backgrounds, which have no srcset). */
export function widthFor(cssPixels: number, devicePixelRatio = 1): number {
  const needed = cssPixels * devicePixelRatio;
  return IMAGE_WIDTHS.find((width) => width >= needed) ?? 3840;
}
