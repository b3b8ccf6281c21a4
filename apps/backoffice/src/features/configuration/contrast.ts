// WCAG 2 contrast, for the preview and the hints only: the server decides (its branding rules
// refuse text below 4.5:1); the customer app picks black or white the same way when unset.

function linear(channel: number): number {
  const v = channel / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return 0.2126 * linear(r ?? 0) + 0.7152 * linear(g ?? 0) + 0.0722 * linear(b ?? 0);
}

export const isHex = (s: string | null | undefined): s is string => !!s && /^#[0-9a-fA-F]{6}$/.test(s);

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** Black or white, whichever reads better: what the customer app shows when no text colour is set. */
export const autoText = (background: string) =>
  contrast(background, "#000000") >= contrast(background, "#FFFFFF") ? "#000000" : "#FFFFFF";
