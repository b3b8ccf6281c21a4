import Color from "color";
import { merchantConfigErrors } from "./merchant-config.errors.ts";
import type { BrandingSection } from "./merchant-config.types.ts";

/** WCAG 2 AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The text colour each background carries, as the branding section names them. */
const PAIRS = [
  { foreground: "buttonTextColor1", background: "buttonColor1" },
  { foreground: "buttonTextColor2", background: "buttonColor2" },
  { foreground: "textColor", background: "backgroundColor" },
] as const;

/** WCAG 2 contrast ratio of two #RRGGBB colours, rounded down to two decimals (never flattering). */
export function contrastRatio(foreground: string, background: string): number {
  return Math.floor(Color(foreground).contrast(Color(background)) * 100) / 100;
}

/**
 * Refuses a text colour that does not reach 4.5:1 on its background, naming the text colour's
 * field and the ratio. A text colour left null is black or white, whichever the web app finds
 * reads better, and either reaches 4.58:1 at least on any background, so it needs no check.
 */
export function assertReadableBranding(branding: BrandingSection): void {
  for (const { foreground, background } of PAIRS) {
    const text = branding[foreground];
    if (text === null) continue;
    const ratio = contrastRatio(text, branding[background]);
    if (ratio < MIN_TEXT_CONTRAST) {
      throw merchantConfigErrors.create("CONTRAST_TOO_LOW", {
        field: foreground,
        message: `${foreground}: contrast ${ratio.toFixed(2)}:1 on ${background} is below 4.5:1 (WCAG AA)`,
        data: { field: foreground, against: background, ratio, minimum: MIN_TEXT_CONTRAST },
      });
    }
  }
}
