import { accentOnWhite, readableTextColor } from "@kestrel/domain";
import type { SettingsData } from "../config-service/schemas.ts";
import { resizedUrl, widthFor } from "./responsive-image.ts";
import { cssUrl, safeUrl } from "./safe-url.ts";

/** The CSS custom properties the stylesheets read; set on <html> so every element inherits them. */
export function merchantCssVariables(
  settings: SettingsData,
  screen: { width: number; pixelRatio: number } = { width: 1440, pixelRatio: 1 },
): Record<string, string> {
  const original = safeUrl(settings.backgroundImage);
  // CSS backgrounds have no srcset: the width this screen needs, picked once.
  const backgroundImage = original
    ? (resizedUrl(original, widthFor(screen.width, screen.pixelRatio)) ?? original)
    : undefined;
  return {
    "--button-color-1": settings.buttonColor1,
    "--button-color-2": settings.buttonColor2,
    // The merchant's own text colours when set (the server refuses any below 4.5:1), else
    // black or white, whichever reads better.
    "--button-text-color-1": settings.buttonTextColor1 ?? readableTextColor(settings.buttonColor1),
    "--button-text-color-2": settings.buttonTextColor2 ?? readableTextColor(settings.buttonColor2),
    "--button-outline-color": accentOnWhite([settings.buttonColor1, settings.buttonColor2]),
    "--background-color": settings.backgroundColor,
    "--on-background-color": settings.textColor ?? readableTextColor(settings.backgroundColor),
    "--background-image": backgroundImage ? cssUrl(backgroundImage) : "none",
  };
}

export function applyMerchantTheme(doc: Document, settings: SettingsData): void {
  const root = doc.documentElement;
  const view = doc.defaultView;
  // The longer side: a background covering a portrait screen is scaled to its height.
  const longer = view ? Math.max(view.screen.width, view.screen.height) : 1440;
  const screen = { width: longer, pixelRatio: view?.devicePixelRatio ?? 1 };
  for (const [name, value] of Object.entries(merchantCssVariables(settings, screen))) {
    root.style.setProperty(name, value);
  }
  const favicon = safeUrl(settings.favicon);
  if (favicon) setFavicon(doc, favicon);
}

function setFavicon(doc: Document, href: string): void {
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = doc.createElement("link");
    link.rel = "icon";
    doc.head.append(link);
  }
  link.href = href;
}
