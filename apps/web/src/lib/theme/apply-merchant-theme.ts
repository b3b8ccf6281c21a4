import type { SettingsData } from "../config-service/schemas.ts";
import { readableTextColor } from "./contrast.ts";
import { cssUrl, safeUrl } from "./safe-url.ts";

/** The CSS custom properties the stylesheets read; set on <html> so every element inherits them. */
export function merchantCssVariables(settings: SettingsData): Record<string, string> {
  const backgroundImage = safeUrl(settings.backgroundImage);
  return {
    "--button-color-1": settings.buttonColor1,
    "--button-color-2": settings.buttonColor2,
    "--button-text-color-1": readableTextColor(settings.buttonColor1),
    "--button-text-color-2": readableTextColor(settings.buttonColor2),
    "--background-color": settings.backgroundColor,
    "--on-background-color": readableTextColor(settings.backgroundColor),
    "--background-image": backgroundImage ? cssUrl(backgroundImage) : "none",
  };
}

export function applyMerchantTheme(doc: Document, settings: SettingsData): void {
  const root = doc.documentElement;
  for (const [name, value] of Object.entries(merchantCssVariables(settings))) {
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
