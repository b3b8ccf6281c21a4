import type { Theme } from "@kestrel/kyc-sdk";

/** Black or white text, whichever reads better on `hex` (WCAG relative luminance). */
function textOn(hex: string): "#000000" | "#ffffff" {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? "#000000" : "#ffffff";
}

/** Theme and the merchant's button colour, as the root element's attribute and variables. */
export function applyLook(root: HTMLElement, theme: Theme, accent: string | undefined) {
  root.dataset.theme = theme;
  if (accent) {
    root.style.setProperty("--accent", accent);
    root.style.setProperty("--accent-text", textOn(accent));
  } else {
    root.style.removeProperty("--accent");
    root.style.removeProperty("--accent-text");
  }
}
