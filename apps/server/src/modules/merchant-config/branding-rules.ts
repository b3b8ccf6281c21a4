import { contrastRatio, MIN_TEXT_CONTRAST } from "@kestrel/domain";
import { merchantConfigErrors } from "./merchant-config.errors.ts";
import type { BrandingSection } from "./merchant-config.types.ts";

/** The text colour each background carries, as the branding section names them. */
const PAIRS = [
  { foreground: "buttonTextColor1", background: "buttonColor1" },
  { foreground: "buttonTextColor2", background: "buttonColor2" },
  { foreground: "textColor", background: "backgroundColor" },
] as const;

/** The contrast ratio rounded down to two decimals: the figure the error gives is never flattering. */
const flooredRatio = (foreground: string, background: string) =>
  Math.floor(contrastRatio(foreground, background) * 100) / 100;

/**
 * Refuses a text colour that does not reach 4.5:1 on its background, naming the text colour's
 * field and the ratio. A text colour left null is black or white, whichever the web app finds
 * reads better, and either reaches 4.58:1 at least on any background, so it needs no check.
 */
export function assertReadableBranding(branding: BrandingSection): void {
  for (const { foreground, background } of PAIRS) {
    const text = branding[foreground];
    if (text === null) continue;
    const ratio = flooredRatio(text, branding[background]);
    if (ratio < MIN_TEXT_CONTRAST) {
      throw merchantConfigErrors.create("CONTRAST_TOO_LOW", {
        field: foreground,
        message: `${foreground}: contrast ${ratio.toFixed(2)}:1 on ${background} is below 4.5:1 (WCAG AA)`,
        data: { field: foreground, against: background, ratio, minimum: MIN_TEXT_CONTRAST },
      });
    }
  }
}
