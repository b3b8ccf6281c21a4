// WCAG 2.x relative luminance and contrast ratio, used to pick readable text on merchant colours.

function channelToLinear(channel: number): number {
  const value = channel / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a `#RRGGBB` colour. */
export function relativeLuminance(hex: string): number {
  const red = Number.parseInt(hex.slice(1, 3), 16);
  const green = Number.parseInt(hex.slice(3, 5), 16);
  const blue = Number.parseInt(hex.slice(5, 7), 16);
  return 0.2126 * channelToLinear(red) + 0.7152 * channelToLinear(green) + 0.0722 * channelToLinear(blue);
}

export function contrastRatio(first: string, second: string): number {
  const a = relativeLuminance(first);
  const b = relativeLuminance(second);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

export const DARK_TEXT = "#000000";
export const LIGHT_TEXT = "#FFFFFF";

/**
 * Black or white, whichever contrasts more with the background. For any colour the better of the
 * two reaches at least 4.58:1, so text on a merchant's button always meets WCAG AA (4.5:1).
 */
export function readableTextColor(background: string): string {
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT)
    ? DARK_TEXT
    : LIGHT_TEXT;
}

/**
 * The first of the merchant's colours readable (4.5:1) as text and outline on white, else black:
 * the secondary button is drawn in it, so it reads as the brand's without a filled background.
 */
export function accentOnWhite(colours: readonly string[]): string {
  return colours.find((c) => contrastRatio(c, LIGHT_TEXT) >= 4.5) ?? DARK_TEXT;
}
