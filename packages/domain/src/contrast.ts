/**
 * WCAG 2 contrast of `#RRGGBB` colours, one rule for all three apps: the server refuses a
 * merchant's text colour below MIN_TEXT_CONTRAST, the web app picks readable text on the
 * merchant's colours, and the back-office previews and hints before the server decides.
 * Hand-written rather than the `color` library: it is a few lines and the web app's page
 * budgets (scripts/web-budget.ts) leave no room for a colour parser.
 */

/** WCAG 2 AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

const DARK_TEXT = "#000000";
const LIGHT_TEXT = "#FFFFFF";

export const isHex = (value: string | null | undefined): value is string =>
  !!value && /^#[0-9a-fA-F]{6}$/.test(value);

function channelToLinear(channel: number): number {
  const value = channel / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a `#RRGGBB` colour. */
function relativeLuminance(hex: string): number {
  const [red, green, blue] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return (
    0.2126 * channelToLinear(red ?? 0) +
    0.7152 * channelToLinear(green ?? 0) +
    0.0722 * channelToLinear(blue ?? 0)
  );
}

/** The WCAG 2 contrast ratio of two colours, from 1 (same) to 21 (black on white); order does not matter. */
export function contrastRatio(first: string, second: string): number {
  const a = relativeLuminance(first);
  const b = relativeLuminance(second);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * Black or white, whichever contrasts more with the background: what the web app shows when a
 * merchant sets no text colour. For any colour the better of the two reaches at least 4.58:1, so
 * such text always meets WCAG AA and the server need not check it.
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
  return colours.find((c) => contrastRatio(c, LIGHT_TEXT) >= MIN_TEXT_CONTRAST) ?? DARK_TEXT;
}
